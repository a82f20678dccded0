/**
 * Files: the upload helper of spec §3/§7 ("binary buffer and a tag"; raw body, not JSON; or a
 * multipart body of one file, what the mini-program's wx.uploadFile sends) and downLoadFileBase64. The upload cannot go through route() (its body is the file, its fields are
 * in the query string), so it does here what route() does: the per-address limit, the optional
 * login, a zod schema (of the query), the envelope. It is recorded in declaredRoutes like the
 * others so the fuzz test sends it hostile queries too.
 */
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { downloadFileBase64, uploadFile } from '@contracts/calls/register'
import { UPLOAD_FIELDS } from '@contracts/register-form'
import { addressKey } from '../../auth/rules/addresses'
import { REGISTER_RULES } from '../../register/rules/register-rules'
import { tokenFromHeader } from '../../auth/rules/tokens'
import { AppError } from '../../kernel/errors'
import { ok } from '../../kernel/http/envelope'
import { DraftId, TypeCode } from '../../register/schemas'
import { route } from '../../kernel/http/route'
import { EventCode, optionalString, requiredString } from '../../kernel/http/schemas'
import { downloadBase64, upload } from '../files'
import { withinLimit } from '../../kernel/limits/limits'
import { resolveSession } from '../../auth/sessions'

const UploadQuery = z.object({
  eventCode: EventCode,
  field: z.enum(UPLOAD_FIELDS, { error: 'EVAL0001' }),
  contactType: TypeCode,
  tag: requiredString(100),
  draftId: DraftId,
  name: requiredString(200),
})

/**
 * a multipart upload: one file of at most the route's body limit, and room for the few text
 * fields a client adds (wx.uploadFile's formData), nothing more
 */
const MULTIPART_LIMITS = {
  files: 1,
  fileSize: REGISTER_RULES.uploads.maxBytesCeiling,
  fields: 8,
  fieldSize: 1024,
  fieldNameSize: 64,
  parts: 9,
  headerPairs: 32,
}

/**
 * The file of a multipart body, read into memory. A second file is EREG2204 ("only one file"), as
 * the form says; a body without a file (text fields only) EREG2207; a file over the limit 413, as a
 * raw body over it; a body that is not well-formed multipart EVAL0001.
 */
async function theOneFile(req: FastifyRequest): Promise<Buffer> {
  let file: Buffer | null = null
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue
      if (file) throw new AppError('EREG2204')
      file = await part.toBuffer()
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    const code = (err as { code?: string }).code
    if (code === 'FST_FILES_LIMIT') throw new AppError('EREG2204')
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw err
    // not well-formed multipart (no boundary, cut off, too many parts, a __proto__ field): bad input
    req.log.info({ code, message: (err as Error).message }, 'unparseable multipart upload')
    throw new AppError('EVAL0001')
  }
  if (!file) throw new AppError('EREG2207')
  return file
}

/** uploads per address per minute: a form has two upload fields; retries on a bad network stay far below */
const UPLOADS_PER_MINUTE = 30

export default async function (app: FastifyInstance) {
  const deps = app.deps
  // this plugin's own parsers: the body is the file's bytes, whatever content type the client says
  app.removeContentTypeParser(['text/plain'])
  app.addContentTypeParser(
    ['application/octet-stream', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: REGISTER_RULES.uploads.maxBytesCeiling },
    (_req, body, done) => done(null, body),
  )
  // the mini-program's wx.uploadFile sends multipart (the only way it reports progress): one file,
  // in memory (never a temp file), no larger than the raw body may be; the same query, checks and answers
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true })
  app.declaredRoutes.set(uploadFile.path, { call: uploadFile, schema: UploadQuery })
  app.post(uploadFile.path, { bodyLimit: REGISTER_RULES.uploads.maxBytesCeiling }, async (req) => {
    const address = addressKey(req.ip)
    if (!(await withinLimit(deps, `req:${uploadFile.path}|${address}`, UPLOADS_PER_MINUTE, 60_000))) {
      deps.metrics.limiterRefusal(`per_address:${uploadFile.path}`)
      throw new AppError('ESYS0003')
    }
    const res = await resolveSession(deps, tokenFromHeader(req.headers.authorization), deps.now())
    const session = 'session' in res ? res.session : null
    const query = UploadQuery.parse(req.query ?? {})
    const bytes = req.isMultipart() ? await theOneFile(req) : req.body
    if (!Buffer.isBuffer(bytes)) throw new AppError('EVAL0001')
    return ok(await upload(deps, session, query, bytes, address))
  })

  route(
    app,
    downloadFileBase64,
    z.object({ fileCode: requiredString(40, 'ESYS0004'), draftId: optionalString(64) }).transform((b) => ({ ...b, draftId: b.draftId ?? '' })),
    ({ body, session, deps: d }) => downloadBase64(d, session, body.fileCode, body.draftId),
  )
}
