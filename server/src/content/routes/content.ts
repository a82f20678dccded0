import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { CONTENT_KINDS, checkAdminContent, getAdminContent, listAdminSitePictures, publishAdminContent, uploadAdminSitePicture } from '@contracts/admin/content'
import { route } from '../../kernel/http/route'
import { EventCode } from '../../kernel/http/schemas'
import { checkContentDraft, contentSource, publishContentDraft } from '../admin'
import { listSitePictures, uploadSitePicture } from '../../microsite/pictures'

const Kind = z.enum(CONTENT_KINDS, { error: 'EVAL0001' })
// the length is checked by the call itself, which names the limit (EADM5001)
const Draft = z.object({ eventCode: EventCode, kind: Kind, text: z.string({ error: 'EVAL0001' }) })

export default async function (app: FastifyInstance) {
  route(app, getAdminContent, z.object({ eventCode: EventCode, kind: Kind }), ({ body, session, deps }) =>
    contentSource(deps, session, body.eventCode, body.kind),
  )
  route(app, checkAdminContent, Draft, ({ body, session, deps, lang }) => checkContentDraft(deps, session, body, lang))
  route(app, publishAdminContent, Draft, ({ body, session, deps, lang }) => publishContentDraft(deps, session, body, lang))
  route(
    app,
    uploadAdminSitePicture,
    z.object({ eventCode: EventCode, dataBase64: z.string({ error: 'EADM5005' }).regex(/^[A-Za-z0-9+/=\s]*$/, { error: 'EADM5003' }) }),
    ({ body, session, deps }) => uploadSitePicture(deps, session, body),
  )
  route(app, listAdminSitePictures, z.object({ eventCode: EventCode }), ({ body, session, deps }) => listSitePictures(deps, session, body.eventCode))
}
