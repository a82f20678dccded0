import { Image, Text, View } from '@tarojs/components'
import type { ArticleRequest } from '@contracts/calls/microsite'
import { useI18n } from '@/lib/i18n'
import { API_BASE_URL } from '@/lib/request'
import { useArticle } from '../hooks/useArticle'
import { usePage } from '../hooks/usePage'
import { assetUrl } from '../model/richNodes'
import { inLanguage } from '../model/texts'
import { LoadFailed, Loading } from './MicrositeGate'
import { PageState } from './PageState'
import { RichContentView } from './RichContentView'

/** an article, read through the page that links to it (that page's rule decides who may) */
export function ArticleView({ req }: { req: ArticleRequest }) {
  const { t, lang } = useI18n()
  const page = usePage(req.eventCode, req.pageCode, false)
  const { card, body } = useArticle(req, page.page?.access === 'allow')
  const status = card.status === 'error' ? 'failed' : page.status
  return (
    <PageState status={status} missing={page.missing} retry={card.status === 'error' ? card.retry : page.retry}>
      {() =>
        card.data ? (
          <View className='ms-article'>
            {card.data.coverUrl ? <Image className='ms-article__cover' src={assetUrl(card.data.coverUrl, API_BASE_URL)} mode='aspectFill' /> : null}
            <View className='ms-article__head'>
              <Text className='ms-article__title'>{inLanguage(lang, card.data.titleZh, card.data.titleEn)}</Text>
              {/* the server's date is the Shanghai one: shown as it is, not moved to the phone's zone */}
              <Text className='ms-article__date'>{t('microsite.published', { date: card.data.publishedAt.slice(0, 10) })}</Text>
            </View>
            <View className='ms-article__body'>
              {body.status === 'error' ? <LoadFailed retry={body.retry} /> : body.data ? <RichContentView content={body.data.content} /> : <Loading />}
            </View>
          </View>
        ) : (
          <Loading />
        )
      }
    </PageState>
  )
}
