/**
 * Files: the upload helper of spec §3/§7 ("binary buffer and a tag"; raw body, not JSON) and
 * downLoadFileBase64. The upload cannot go through route() (its body is the file, its fields are
 * in the query string), so it does here what route() does: the per-address limit, the optional
 * login, a zod schema (of the query), the envelope. It is recorded in declaredRoutes like the
 * others so the fuzz test sends it hostile queries too.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { downloadFileBase64, uploadFile } from '@contracts/calls/register'
import { UPLOAD_FIELDS } from '@contracts/register-form'
import { addressKey } from '../../../domain/addresses'
import { REGISTER_RULES } from '../../../domain/register-rules'
import { tokenFromHeader } from '../../../domain/tokens'
import { AppError } from '../../../errors'
import { ok } from '../../../lib/envelope'
import { DraftId, TypeCode } from '../../../lib/register-schemas'
import { route } from '../../../lib/route'
import { EventCode, optionalString, requiredString } from '../../../lib/schemas'
import { downloadBase64, upload } from '../../../services/files'
import { withinLimit } from '../../../services/limits'
import { resolveSession } from '../../../services/sessions'

const UploadQuery = z.object({
  eventCode: EventCode,
  field: z.enum(UPLOAD_FIELDS, { error: 'EVAL0001' }),
  contactType: TypeCode,
  tag: requiredString(100),
  draftId: DraftId,
  name: requiredString(200),
})

/** uploads per address per minute: a form has two upload fields; retries on a bad network stay far below */
const UPLOADS_PER_MINUTE = 30

export default async function (app: FastifyInstance) {
  const deps = app.deps
  // this plugin's own parsers: the body is the file's bytes, whatever content type the client says
  app.removeContentTypeParser(['text/plain'])
  app.addContentTypeParser(['application/octet-stream', 'text/plain'], { parseAs: 'buffer', bodyLimit: REGISTER_RULES.uploads.maxBytesCeiling }, (_req, body, done) =>
    done(null, body),
  )
  app.declaredRoutes.set(uploadFile.path, { call: uploadFile, schema: UploadQuery })
  app.post(uploadFile.path, { bodyLimit: REGISTER_RULES.uploads.maxBytesCeiling }, async (req) => {
    if (!(await withinLimit(deps, `req:${uploadFile.path}|${addressKey(req.ip)}`, UPLOADS_PER_MINUTE, 60_000))) throw new AppError('ESYS0003')
    const res = await resolveSession(deps.db, tokenFromHeader(req.headers.authorization), deps.now())
    const session = 'session' in res ? res.session : null
    const query = UploadQuery.parse(req.query ?? {})
    if (!Buffer.isBuffer(req.body)) throw new AppError('EVAL0001')
    return ok(await upload(deps, session, query, req.body))
  })

  route(app, downloadFileBase64, z.object({ fileCode: requiredString(40, 'ESYS0004'), draftId: optionalString(64) }).transform((b) => ({ ...b, draftId: b.draftId ?? '' })), ({ body, session, deps: d }) =>
    downloadBase64(d, session, body.fileCode, body.draftId),
  )
}
