import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getUser, updateUser } from '@contracts/calls/auth'
import { route } from '../../kernel/http/route'
import { optionalTrimmed } from '../../kernel/http/schemas'
import { profileOf } from '../sessions'
import { rememberLang } from '../user-lang'
import { updateProfile } from '../users'

const UpdateUserBody = z.object({
  name: z
    .string({ error: 'EVAL0001' })
    .trim()
    .min(1, { error: 'EVAL0001' })
    .max(50, { error: 'EVAL0001' })
    .nullish()
    .transform((v) => v ?? undefined),
  /** '' clears the company */
  company: optionalTrimmed(100),
})

export default async function (app: FastifyInstance) {
  route(app, getUser, z.object({}), async ({ session, deps, lang }) => {
    await rememberLang(deps, session, lang)
    return profileOf(session)
  })
  route(app, updateUser, UpdateUserBody, ({ body, session, deps }) => updateProfile(deps, session, body))
}
