import { useEffect, type PropsWithChildren } from 'react'
import { useLaunch, usePageNotFound } from '@tarojs/taro'
import { appState } from '@/store'
import { initShare } from '@/lib/share'
import { syncDocumentLanguage } from '@/lib/i18n'
import { preloadEvent } from '@/lib/event'
import { redirectTo } from '@/lib/router/navigate'
import { routeNameOf } from '@/lib/router/routes'
import { eventParamsOf } from '@/ui/PageLayout'
import { registerServiceWorker } from '@/lib/service-worker'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    // the launch address decides the event before the share card asks for its appearance
    const params = eventParamsOf((options?.query ?? {}) as Record<string, string>)
    if (params.eventCode || params.eventHashCode) appState().setEventParams(params)
    // the entry page draws the event first: its request starts now, not after the page's code
    // has arrived and its login check has run (the page joins this request)
    preloadEvent(params, options?.path)
    // H5 opened on the train results (a shared or reloaded link): its search starts now, beside
    // the page's chunk rather than after it (src/lib/early.ts). The mini-program loads the train
    // subpackage as a whole, so there the page asks when it mounts. The chunk's name is what
    // index.html preloads on that address and `npm run size:h5` counts (config/taro-plugins/h5-lean/page-chunk-map.js).
    if (process.env.TARO_ENV === 'h5' && appState().token && options?.path && routeNameOf(options.path) === 'trainSearchTicketList') {
      const query = (options.query ?? {}) as Record<string, string>
      void import(/* webpackChunkName: "train-early" */ '@/features/train/api/search-trains').then((m) => m.searchTrainsEarly(query)).catch(() => undefined)
    }
    void initShare()
    registerServiceWorker()
  })

  // H5: <html lang> follows the language from the first render on (a no-op on the mini-program)
  useEffect(() => syncDocumentLanguage(), [])

  // spec §2: any unknown path goes to the 404 page (H5 router and weapp onPageNotFound alike)
  usePageNotFound(() => {
    void redirectTo('notFound')
  })

  return children
}

export default App
