import { getArticle, type ArticleRequest } from '@contracts/calls/microsite'
import { call } from '@/lib/request'

export const fetchArticle = (req: ArticleRequest) => call(getArticle, req)
