import { useRouter } from '@tarojs/taro'
import type { MicrositeView } from '@contracts/calls/microsite'
import type { MicrositeStyle } from '@contracts/microsite'
import { useI18n } from '@/lib/i18n'
import { Notice } from '@/ui/Notice'
import { detailTargetOf } from '../model/navigation'
import { AlbumView } from './AlbumView'
import { ArticleView } from './ArticleView'
import { PageSections } from './PageSections'
import './MicrositeDetail.scss'

/** a detail page of the microsite: a page's sections, an article or an album, as the address says */
export function MicrositeDetail({ site, style }: { site: MicrositeView; style: MicrositeStyle }) {
  const { t } = useI18n()
  const target = detailTargetOf(useRouter().params)
  switch (target.kind) {
    case 'page':
      return <PageSections eventCode={site.eventCode} style={style} pageCode={target.pageCode} />
    case 'article':
      return <ArticleView req={{ eventCode: site.eventCode, pageCode: target.pageCode, articleCode: target.articleCode }} />
    case 'album':
      return <AlbumView req={{ eventCode: site.eventCode, pageCode: target.pageCode, atlasCode: target.atlasCode }} />
    default:
      return <Notice text={t('microsite.notFound')} />
  }
}
