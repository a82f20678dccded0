import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  changePassword,
  getAllowEdit,
  getByContactCode,
  getSignupContact,
  getTravellers,
  listFollowers,
  removeFollower,
  saveEnrollment,
  saveFollower,
  updateContact,
  updateFollower,
} from '@contracts/calls/register'
import { REGISTER_RULES } from '../rules/register-rules'
import { route } from '../../kernel/http/route'
import { ActivityCodes, DraftId, FormValuesBody, TypeCode } from '../schemas'
import { EventCode, IdempotencyKey, requiredString } from '../../kernel/http/schemas'
import { changePassword as change } from '../../auth/password-change'
import * as reg from '../registration'
import * as followers from '../followers'

const ContactCode = requiredString(32, 'ESYS0004')
const FollowerId = z
  .number({ error: 'ESYS0004' })
  .int({ error: 'ESYS0004' })
  .min(1, { error: 'ESYS0004' })
  .max(2 ** 31 - 1, { error: 'ESYS0004' })
const Password = z
  .string({ error: 'EVAL0006' })
  .min(1, { error: 'EVAL0006' })
  .max(REGISTER_RULES.password.maxLength * 4, { error: 'EVAL0006' })

const Enrollment = z.object({
  eventCode: EventCode,
  contactType: TypeCode,
  values: FormValuesBody,
  activityCodes: ActivityCodes,
  followers: z.array(z.object({ followerType: TypeCode, values: FormValuesBody }, { error: 'EVAL0001' }), { error: 'EVAL0001' }).max(50, { error: 'EVAL0001' }),
  protocolAccepted: z.boolean({ error: 'EREG2120' }),
  draftId: DraftId,
  idempotencyKey: IdempotencyKey,
})
const ByEvent = z.object({ eventCode: EventCode })

export default async function (app: FastifyInstance) {
  // a public submit: a gentle per-address limit against scripted sign-ups
  route(app, saveEnrollment, Enrollment, ({ body, session, deps, lang }) => reg.saveEnrollment(deps, session, body, lang), {
    rateLimit: () => [30, 60_000],
  })
  route(app, getSignupContact, ByEvent, ({ body, session, deps }) => reg.getOwnContact(deps, session, body.eventCode))
  route(app, getByContactCode, z.object({ eventCode: EventCode, contactCode: ContactCode }), ({ body, session, deps }) =>
    reg.getContactByCode(deps, session, body.eventCode, body.contactCode),
  )
  route(app, getTravellers, z.object({ eventCode: EventCode, productType: z.enum(['train', 'air'], { error: 'EVAL0001' }) }), ({ body, session, deps }) =>
    reg.travellers(deps, session, body.eventCode),
  )
  route(app, getAllowEdit, ByEvent, ({ body, session, deps }) => reg.allowEdit(deps, session, body.eventCode))
  route(
    app,
    updateContact,
    z.object({ eventCode: EventCode, values: FormValuesBody, activityCodes: ActivityCodes, idempotencyKey: IdempotencyKey }),
    ({ body, session, deps, lang }) => reg.updateOwnContact(deps, session, body, lang),
  )
  route(
    app,
    changePassword,
    z.object({ oldPassword: Password, newPassword: Password }),
    ({ body, session, deps, req }) => change(deps, session, body, { ip: req.ip }),
    {
      rateLimit: (d) => [d.rateLimits.loginPerMinute, 60_000],
    },
  )
  route(
    app,
    saveFollower,
    z.object({ eventCode: EventCode, followerType: TypeCode, values: FormValuesBody, idempotencyKey: IdempotencyKey }),
    ({ body, session, deps }) => followers.addFollower(deps, session, body),
  )
  route(app, updateFollower, z.object({ eventCode: EventCode, followerId: FollowerId, values: FormValuesBody }), ({ body, session, deps }) =>
    followers.changeFollower(deps, session, body),
  )
  route(app, removeFollower, z.object({ eventCode: EventCode, followerId: FollowerId }), ({ body, session, deps }) =>
    followers.dropFollower(deps, session, body.eventCode, body.followerId),
  )
  route(app, listFollowers, z.object({ eventCode: EventCode, parentCode: ContactCode }), ({ body, session, deps }) =>
    followers.followersOf(deps, session, body.eventCode, body.parentCode),
  )
}
