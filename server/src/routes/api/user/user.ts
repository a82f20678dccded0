import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { UserInfo } from '../../../../../contracts/event'
import { users } from '../../../db/schema'
import { apiPost } from '../../../lib/api'
import { toUserInfo } from '../../../services/sessions'

const UpdateUserBody = z.object({
  name: z.string({ error: 'EVAL0001' }).trim().min(1).max(50).nullish(),
  /** '' clears the company */
  company: z.string({ error: 'EVAL0001' }).trim().max(100).nullish(),
})

export default async function (app: FastifyInstance) {
  apiPost(app, '/api/getUser', { body: z.unknown(), auth: 'required' }, async ({ session }): Promise<UserInfo> =>
    toUserInfo(session.user, session.event, session.attendee),
  )

  apiPost(app, '/api/user', { body: UpdateUserBody, auth: 'required' }, async ({ body, session }): Promise<UserInfo> => {
    const changes: Partial<typeof users.$inferInsert> = {}
    if (body.name) changes.name = body.name
    if (body.company !== undefined && body.company !== null) changes.company = body.company || null
    if (Object.keys(changes).length === 0) return toUserInfo(session.user, session.event, session.attendee)
    const [user] = await app.db
      .update(users)
      .set({ ...changes, updatedAt: app.now() })
      .where(eq(users.id, session.user.id))
      .returning()
    return toUserInfo(user, session.event, session.attendee)
  })
}
