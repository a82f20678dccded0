import type { FastifyInstance } from 'fastify'
import { listModuleTexts } from '@contracts/calls/microsite'
import { route } from '../../kernel/http/route'
import { PageRequestBody, RichFormatField } from '../../kernel/http/schemas'
import { moduleTexts } from '../microsite'

export default async function (app: FastifyInstance) {
  // the language is the caller's (header `lang`), as for every text the server answers
  route(app, listModuleTexts, PageRequestBody.extend({ format: RichFormatField }), ({ body, session, deps, lang }) => moduleTexts(deps, session, body, lang))
}
