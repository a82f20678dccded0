import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { isRailwayLogin, loginRailway } from '@contracts/calls/train'
import { route } from '../../kernel/http/route'
import { hasNoNul } from '../../kernel/http/schemas'
import { loginRailway as login, railwayLoginState } from '../railway-login'

const text = (max: number) => z.string({ error: 'ETRAIN1005' }).trim().max(max, { error: 'ETRAIN1001' }).refine(hasNoNul, { error: 'ETRAIN1001' })

export default async function (app: FastifyInstance) {
  route(
    app,
    loginRailway,
    z.object({
      account: text(50),
      password: z.string({ error: 'ETRAIN1005' }).max(64, { error: 'ETRAIN1001' }).refine(hasNoNul, { error: 'ETRAIN1001' }),
      agreed: z.boolean({ error: 'ETRAIN1004' }),
    }),
    ({ body, session, deps }) => login(deps, session.user.id, body),
    // a password guesser gets slowed down per address like the app's own login
    { rateLimit: (deps) => [deps.rateLimits.loginPerMinute, 60_000] },
  )
  route(app, isRailwayLogin, z.object({}), ({ session, deps }) => railwayLoginState(deps, session.user.id))
}
