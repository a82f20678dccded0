/**
 * Compile-time tests of kernel/http/route.ts (checked by `npm run typecheck`, never run): a route whose
 * schema or handler drifts from its declaration in contracts/ must not compile. Each
 * `@ts-expect-error` below fails the type check if the error it expects goes away.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { defineCall } from '@contracts/call'
import { route } from '../../src/kernel/http/route'

interface SendCodeLike {
  channel: 'sms' | 'email'
  phone?: string
  eventCode: string
}
const sendCodeLike = defineCall<SendCodeLike, { sentTo: string }>({ path: '/api/test/send', auth: 'none' })
const Matching = z.object({ channel: z.enum(['sms', 'email']), phone: z.string().optional(), eventCode: z.string() })
// the field as the server had it before a rename in contracts/ (mobile → phone)
const Renamed = z.object({ channel: z.enum(['sms', 'email']), mobile: z.string().optional(), eventCode: z.string() })
const Missing = z.object({ channel: z.enum(['sms', 'email']), eventCode: z.string() })
const WrongType = z.object({ channel: z.string(), phone: z.string().optional(), eventCode: z.string() })

export function contractChecks(app: FastifyInstance): void {
  route(app, sendCodeLike, Matching, async ({ body }) => ({ sentTo: body.phone ?? '' }))

  // @ts-expect-error the schema still has `mobile` where the declaration now says `phone`
  route(app, sendCodeLike, Renamed, async () => ({ sentTo: '' }))
  // @ts-expect-error the schema lacks a declared field
  route(app, sendCodeLike, Missing, async () => ({ sentTo: '' }))
  // @ts-expect-error the schema lets through what the declaration does not allow
  route(app, sendCodeLike, WrongType, async () => ({ sentTo: '' }))
  // @ts-expect-error the handler reads a field the declaration does not have
  route(app, sendCodeLike, Matching, async ({ body }) => ({ sentTo: body.mobile }))
  // @ts-expect-error the handler returns another shape than the declared response
  route(app, sendCodeLike, Matching, async () => ({ sent: true }))

  const needsLogin = defineCall<Record<string, never>, string>({ path: '/api/test/me', auth: 'required' })
  const publicCall = defineCall<Record<string, never>, string>({ path: '/api/test/public', auth: 'none' })
  // a required-auth handler gets a session for sure …
  route(app, needsLogin, z.object({}), async ({ session }) => session.user.name)
  // @ts-expect-error … a public one gets none
  route(app, publicCall, z.object({}), async ({ session }) => session.user.name)
}
