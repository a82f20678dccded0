import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { guestLogin, logout } from '@contracts/calls/auth'
import { isCode, isEmail, isMobile } from '@contracts/validation'
import { route } from '../../kernel/http/route'
import { EventCode, optionalString } from '../../kernel/http/schemas'
import { login } from '../login'
import { logout as endSession } from '../sessions'

export const LoginBody = z
  .object({
    loginType: z.enum(['mobile', 'email', 'account'], { error: 'EVAL0001' }),
    eventCode: EventCode,
    mobile: optionalString(32, 'EVAL0002'),
    email: optionalString(254, 'EVAL0003'),
    code: optionalString(16, 'EVAL0004'),
    // a name that grows when lower-cased (İ → i̇) is just an unknown name: the throttle key column
    // has room for it (auth-limits-password.test.ts)
    userName: optionalString(64, 'EVAL0005'),
    password: optionalString(128, 'EVAL0006'),
    idNumber: optionalString(32, 'EVAL0007'),
    visitingCode: optionalString(64, 'ELOG1009'),
    roomNumber: optionalString(32, 'ELOG1010'),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (b.loginType === 'mobile' && !(b.mobile && isMobile(b.mobile))) issue('mobile', 'EVAL0002')
    if (b.loginType === 'email' && !(b.email && isEmail(b.email))) issue('email', 'EVAL0003')
    if (b.loginType !== 'account' && !(b.code && isCode(b.code))) issue('code', 'EVAL0004')
    if (b.loginType === 'account' && !b.userName?.trim()) issue('userName', 'EVAL0005')
    if (b.loginType === 'account' && !b.password) issue('password', 'EVAL0006')
  })

export default async function (app: FastifyInstance) {
  route(app, guestLogin, LoginBody, ({ body, deps, req, lang }) => login(deps, body, { ip: req.ip, lang }), {
    rateLimit: (d) => [d.rateLimits.loginPerMinute, 60_000],
  })
  // beyond spec §7 (contracts/calls/auth.ts says why)
  route(app, logout, z.object({}), ({ session, deps }) => endSession(deps, session))
}
