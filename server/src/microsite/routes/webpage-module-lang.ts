import type { FastifyInstance } from 'fastify'
import { listModuleTexts } from '@contracts/calls/microsite'
import { route } from '../../../lib/route'
import { PageRequestBody, RichFormatField } from '../../../lib/schemas'
import { moduleTexts } from '../../../services/microsite'

export default async function (app: FastifyInstance) {
  // the language is the caller's (header `lang`), as for every text the server answers
  route(app, listModuleTexts, PageRequestBody.extend({ format: RichFormatField }), ({ body, session, deps, lang }) =>
    moduleTexts(deps, session, body, lang),
  )
}
