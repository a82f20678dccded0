import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getFieldRules, getFormOverview, listFollowerTypes, listFormItems, listResults } from '@contracts/calls/register'
import { route } from '../../kernel/http/route'
import { TypeCode } from '../schemas'
import { EventCode, requiredString } from '../../kernel/http/schemas'
import * as form from '../form'
import * as reg from '../registration'

const ByEvent = z.object({ eventCode: EventCode })

export default async function (app: FastifyInstance) {
  // the event's form: signupContactType/list, signupContactCodeRule/get, signupContactRelatedRule/list, personal/listItem
  route(app, getFormOverview, ByEvent, ({ body, deps }) => form.formOverview(deps, body.eventCode))
  route(app, getFieldRules, z.object({ eventCode: EventCode, contactType: TypeCode }), ({ body, deps }) =>
    form.fieldRules(deps, body.eventCode, body.contactType),
  )
  route(app, listFollowerTypes, ByEvent, ({ body, deps }) => form.followerTypes(deps, body.eventCode))
  route(app, listFormItems, z.object({ eventCode: EventCode, listCode: requiredString(32) }), ({ body, deps }) =>
    form.formItems(deps, body.eventCode, body.listCode),
  )
  // signupResult/resultList
  route(
    app,
    listResults,
    z.object({ eventCode: EventCode, contactCodes: z.array(requiredString(32), { error: 'EVAL0001' }).max(20, { error: 'EVAL0001' }) }),
    ({ body, deps }) => reg.results(deps, body.eventCode, body.contactCodes),
  )
}
