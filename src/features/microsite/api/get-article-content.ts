import { getArticleContent, type ArticleRequest } from '@contracts/calls/microsite'
import { call } from '@/lib/request'
import { RICH_FORMAT } from '../model/format'

/** in the language of the request's `lang` header: fetched again when the attendee switches */
export const fetchArticleContent = (req: ArticleRequest) => call(getArticleContent, { ...req, format: RICH_FORMAT })
