import type { FastifyInstance } from 'fastify'
import { getArticle, getArticleContent } from '@contracts/calls/microsite'
import { route } from '../../kernel/http/route'
import { MicrositeCode, PageRequestBody, RichFormatField } from '../../kernel/http/schemas'
import { getArticle as articleCard, getArticleContent as articleBody } from '../microsite'

const ArticleBody = PageRequestBody.extend({ articleCode: MicrositeCode })

export default async function (app: FastifyInstance) {
  route(app, getArticle, ArticleBody, ({ body, session, deps }) => articleCard(deps, session, body))
  route(app, getArticleContent, ArticleBody.extend({ format: RichFormatField }), ({ body, session, deps, lang }) => articleBody(deps, session, body, lang))
}
