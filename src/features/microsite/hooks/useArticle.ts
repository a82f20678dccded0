import type { ArticleRequest } from '@contracts/calls/microsite'
import { useI18n } from '@/lib/i18n'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { fetchArticle } from '../api/get-article'
import { fetchArticleContent } from '../api/get-article-content'

/** an article's card and, in the attendee's language, its body (once the page allows it) */
export function useArticle(req: ArticleRequest, allowed: boolean) {
  const { lang } = useI18n()
  const token = useAppStore((s) => s.token) ?? ''
  const base = `${req.eventCode}:${req.pageCode}:${req.articleCode}:${token}`
  const card = useQuery(allowed ? `ms:article:${base}` : null, () => fetchArticle(req))
  const body = useQuery(allowed ? `ms:article-body:${base}:${lang}` : null, () => fetchArticleContent(req))
  return { card, body }
}
