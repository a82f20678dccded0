import { Text, View, WebView } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { Button } from '@/ui/Button'
import type { MicrositeView } from '@contracts/calls/microsite'
import { useI18n } from '@/lib/i18n'
import { API_BASE_URL } from '@/lib/request'
import { goBack } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { usePage } from '../hooks/usePage'
import { linkModeOf } from '../model/links'
import { assetUrl } from '../model/richNodes'
import { PageState } from './PageState'
import { pressable } from '@/ui/pressable'
import './WebLink.scss'

/**
 * A link module's page (spec §2 page2_2.5d/webView). The address is the one the server holds for
 * the module the page address names (a crafted address cannot choose it). weapp: the web-view
 * component, with the native bar's back. H5: inside the app when linkModeOf allows it (in a
 * sandbox: its scripts run without this site's storage), else a button that opens it in a new
 * window; the app's navigation bar (PageLayout) offers "back" either way.
 */
export function WebLink({ site }: { site: MicrositeView }) {
  const { t } = useI18n()
  const params = useRouter().params
  const page = usePage(site.eventCode, params.page ?? '')
  const item = page.items.find((i) => i.module.kind === 'link' && i.module.moduleCode === params.module)
  return (
    <PageState status={page.status} missing={page.missing || (page.status === 'ready' && !item)} retry={page.retry}>
      {() => {
        if (!item) return <Notice text={t('microsite.notFound')} />
        const url = assetUrl(item.module.target, API_BASE_URL)
        if (process.env.TARO_ENV !== 'h5') return <WebView src={url} />
        const title = item.text?.title ?? ''
        const openWindow = () => window.open(url, '_blank', 'noopener,noreferrer')
        const framed = linkModeOf(item.module.target, item.module.embeddable, window.location.origin) === 'frame'
        return (
          <View className='ms-web'>
            {framed ? (
              <View className='ms-web__bar'>
                <Text className='ms-web__title'>{title}</Text>
                <Text className='ms-web__open' {...pressable(openWindow)}>
                  {t('microsite.openInWindow')} ↗
                </Text>
              </View>
            ) : null}
            {framed ? (
              <iframe className='ms-web__frame' src={url} title={title} sandbox='allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox' />
            ) : (
              <View className='ms-web__external'>
                <Text className='ms-web__tip'>{t('microsite.externalTip')}</Text>
                <Text className='ms-web__host'>{url}</Text>
                <Button type='primary' className='ms-web__button ms-web__open-window' onClick={openWindow}>
                  {t('microsite.openInWindow')}
                </Button>
                <Button className='ms-web__button ms-web__go-back' onClick={() => goBack()}>
                  {t('common.back')}
                </Button>
              </View>
            )}
          </View>
        )
      }}
    </PageState>
  )
}
