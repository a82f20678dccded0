import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { exportAttendees, importAttendees, previewImport } from '@contracts/admin/attendee-io'
import { route } from '../../kernel/http/route'
import { EventCode, hasNoNul } from '../../kernel/http/schemas'
import { ATTENDEE_IO_RULES, base64Length } from '../rules/attendee-io-rules'
import { attendeeFilterFields } from '../attendee-filter-schema'
import { importAttendees as runImport, previewImport as preview } from '../attendee-import'
import { exportAttendees as runExport } from '../attendee-export'

/**
 * twice the largest file's base64: a file a little over the limit is still read far enough to be
 * told its size in the user's language (EADM4001); beyond this the body itself is refused (413)
 */
const MAX_CONTENT = 2 * base64Length(ATTENDEE_IO_RULES.maxFileBytes)

const fileSchema = z.object({
  eventCode: EventCode,
  fileName: z.string({ error: 'EVAL0001' }).max(200, { error: 'EADM1013' }).refine(hasNoNul, { error: 'EVAL0001' }),
  // its size is the handler's to refuse, in words with the limit (EADM4001); the body limit bounds it
  content: z.string({ error: 'EVAL0001' }).regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'EADM4003' }),
})

const exportSchema = z.object({
  ...attendeeFilterFields,
  format: z.enum(['csv', 'xlsx'], { error: 'EVAL0001' }),
})

const bodyLimit = MAX_CONTENT + 64 * 1024

export default async function (app: FastifyInstance) {
  route(app, previewImport, fileSchema, ({ body, session, deps, lang }) => preview(deps, session, body, lang), { bodyLimit })
  route(app, importAttendees, fileSchema, ({ body, session, deps, lang }) => runImport(deps, session, body, lang), { bodyLimit })
  route(app, exportAttendees, exportSchema, ({ body, session, deps, lang }) => runExport(deps, session, body, lang))
}
