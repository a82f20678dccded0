import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { pageViews } from '../../../db/schema'
import { AppError } from '../../../errors'
import { apiPost } from '../../../lib/api'
import { EventHashCode, requiredString } from '../../../lib/schemas'
import { findEventByHash } from '../../../services/events'

const AddPageViewBody = z.object({
  eventHashCode: EventHashCode,
  type: requiredString(200),
  viewWay: z.enum(['H5', 'WEAPP'], { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  /**
   * Page-view record after each navigation (spec §2). Public: a logged-in caller's view is tied to
   * them, an invalid or expired token just makes the view anonymous (never an error here: the
   * client fires this in the background on every page).
   */
  apiPost(app, '/api/register/meetingPageView/addPageView', {
    body: AddPageViewBody,
    auth: 'optional',
    rateLimit: (a) => [a.rateLimits.pageViewPerMinute, 60_000],
  }, async ({ body, session }): Promise<null> => {
    const event = await findEventByHash(app.db, body.eventHashCode)
    if (!event) throw new AppError('EEVT1001')
    const userId = session && session.event.id === event.id ? session.user.id : null
    await app.db.insert(pageViews).values({ eventId: event.id, userId, type: body.type, viewWay: body.viewWay, createdAt: app.now() })
    return null
  })
}
