import { Image, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import type { MicrositeView } from '@contracts/calls/microsite'
import type { MicrositeStyle } from '@contracts/microsite'
import { useI18n } from '@/lib/i18n'
import { setWindowTitle } from '@/lib/pageView'
import { API_BASE_URL } from '@/lib/request'
import { navigateTo } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { useHomePage } from '../hooks/useHomePage'
import { useOpenModule } from '../hooks/useOpenModule'
import { usePage } from '../hooks/usePage'
import { HOME_ROUTE } from '../model/navigation'
import { assetUrl } from '../model/richNodes'
import { inLanguage } from '../model/texts'
import { IsoBlocks } from './IsoBlocks'
import { LoadFailed, Loading } from './MicrositeGate'
import { SudokuGrid } from './SudokuGrid'
import { pressable } from '@/ui/pressable'
import './MicrositeHome.scss'

/** a microsite home in its style: the banner, the modules, and the way to the other homes */
export function MicrositeHome({ site, style }: { site: MicrositeView; style: MicrositeStyle }) {
  const { t, lang } = useI18n()
  const router = useRouter()
  const homes = useHomePage(site.eventCode, style, router.params.page)
  const home = homes.home
  const page = usePage(site.eventCode, home?.pageCode ?? '')
  const open = useOpenModule(style, home?.pageCode ?? '')
  const siteTitle = inLanguage(lang, site.titleZh, site.titleEn)
  // the microsite index keeps its own title (spec §2): the microsite's, in the attendee's language
  useEffect(() => setWindowTitle(siteTitle), [siteTitle])

  if (homes.status === 'error') return <LoadFailed retry={homes.retry} />
  if (!home) return homes.status === 'success' ? <Notice text={t('microsite.empty')} /> : <Loading />
  const kind = style === '2.5d' ? 'iso' : 'sudoku'
  return (
    <View className={`ms-home ms-home--${kind}`}>
      <View className='ms-banner'>
        {page.page?.bannerUrl ? <Image className='ms-banner__img' src={assetUrl(page.page.bannerUrl, API_BASE_URL)} mode='aspectFill' /> : null}
        <View className='ms-banner__text'>
          <Text className='ms-banner__title'>{inLanguage(lang, home.titleZh, home.titleEn)}</Text>
          <Text className='ms-banner__site'>{siteTitle}</Text>
        </View>
      </View>
      {page.status === 'failed' ? (
        <LoadFailed retry={page.retry} />
      ) : page.status === 'loading' ? (
        <Loading />
      ) : page.items.length === 0 ? (
        <Notice text={t('microsite.empty')} />
      ) : style === '2.5d' ? (
        <IsoBlocks items={page.items} onOpen={open} />
      ) : (
        <SudokuGrid items={page.items} onOpen={open} />
      )}
      {homes.others.length > 0 && (
        <View className='ms-home__others'>
          {homes.others.map((p) => (
            <View key={p.pageCode} className='ms-home__other' {...pressable(() => void navigateTo(HOME_ROUTE[p.style], { page: p.pageCode }))}>
              <Text>{inLanguage(lang, p.titleZh, p.titleEn)}</Text>
              <Text className='ms-home__other-arrow'>›</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
