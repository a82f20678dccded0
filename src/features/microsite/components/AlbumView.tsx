import Taro, { useReachBottom } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import type { AlbumPageRequest } from '@contracts/calls/microsite'
import { useI18n } from '@/lib/i18n'
import { API_BASE_URL } from '@/lib/request'
import { useAlbum } from '../hooks/useAlbum'
import { usePage } from '../hooks/usePage'
import { assetUrl } from '../model/richNodes'
import { inLanguage } from '../model/texts'
import { LoadFailed, Loading } from './MicrositeGate'
import { PageState } from './PageState'
import { pressable } from '@/ui/pressable'

/**
 * A photo album: thumbnails sized for a phone (about 360 px), loaded as they scroll into view,
 * the next page at the bottom; a tap shows the photo (about 720 px) full screen.
 */
export function AlbumView({ req }: { req: Omit<AlbumPageRequest, 'pageNo' | 'pageSize'> }) {
  const { t, lang } = useI18n()
  const page = usePage(req.eventCode, req.pageCode, false)
  const album = useAlbum(req, page.page?.access === 'allow')
  useReachBottom(() => album.loadMore())
  const preview = (i: number) => {
    const urls = album.photos.map((p) => assetUrl(p.url, API_BASE_URL))
    void Taro.previewImage({ urls, current: urls[i] })
  }
  return (
    <PageState status={page.status} missing={page.missing} retry={page.retry}>
      {() =>
        album.album ? (
          <View className='ms-album'>
            <View className='ms-album__head'>
              <Text className='ms-album__title'>{inLanguage(lang, album.album.titleZh, album.album.titleEn)}</Text>
              <Text className='ms-album__count'>{t('microsite.photoCount', { n: album.total })}</Text>
            </View>
            <View className='ms-album__grid'>
              {album.photos.map((p, i) => (
                <View key={p.url} className='ms-album__item' {...pressable(() => preview(i))}>
                  <Image className='ms-album__photo' src={assetUrl(p.thumbUrl, API_BASE_URL)} mode='aspectFill' lazyLoad />
                  <Text className='ms-album__caption'>{inLanguage(lang, p.captionZh, p.captionEn)}</Text>
                </View>
              ))}
            </View>
            {album.status === 'error' ? (
              <LoadFailed retry={album.retry} />
            ) : album.more ? (
              <View className='ms-album__more' {...pressable(album.loadMore)}>
                {album.status === 'loading' ? t('common.loading') : t('microsite.loadMore')}
              </View>
            ) : (
              <Text className='ms-album__end'>{t('microsite.allLoaded')}</Text>
            )}
          </View>
        ) : album.status === 'error' ? (
          <LoadFailed retry={album.retry} />
        ) : (
          <Loading />
        )
      }
    </PageState>
  )
}
