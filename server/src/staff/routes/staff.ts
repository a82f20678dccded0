import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  beginTotp,
  changeStaffPassword,
  confirmTotp,
  createStaff,
  disableTotp,
  getStaffProfile,
  grantStaffRole,
  listEventStaff,
  setStaffDisabled,
  staffLogin,
  staffLogout,
} from '@contracts/admin/staff'
import { route } from '../../kernel/http/route'
import { EventCode } from '../../kernel/http/schemas'
import { LoginUserName, NewUserName, Password, PersonName, Role, TotpCode } from '../schemas'
import { staffLogin as login } from '../login'
import { staffLogout as logout } from '../sessions'
import { profileOfSession } from '../profile'
import * as account from '../account'
import { createStaffAccount, eventStaff, grantRole } from '../team'
import { setStaffDisabled as setDisabled } from '../disable'

export default async function (app: FastifyInstance) {
  route(
    app,
    staffLogin,
    z.object({ userName: LoginUserName, password: Password, totp: TotpCode.optional() }),
    ({ body, deps, req }) => login(deps, body, { ip: req.ip }),
    { rateLimit: (deps) => [deps.rateLimits.loginPerMinute, 60_000] },
  )
  route(app, staffLogout, z.object({}), ({ session, deps }) => logout(deps, session))
  route(app, getStaffProfile, z.object({}), async ({ session }) => profileOfSession(session))
  route(app, changeStaffPassword, z.object({ oldPassword: Password, newPassword: Password }), ({ body, session, deps }) =>
    account.changePassword(deps, session, body),
  )
  route(app, beginTotp, z.object({}), ({ session, deps }) => account.beginTotp(deps, session))
  route(app, confirmTotp, z.object({ code: TotpCode }), ({ body, session, deps }) => account.confirmTotp(deps, session, body.code))
  route(app, disableTotp, z.object({ code: TotpCode }), ({ body, session, deps }) => account.disableTotp(deps, session, body.code))
  route(app, createStaff, z.object({ userName: NewUserName, name: PersonName, password: Password }), ({ body, session, deps }) =>
    createStaffAccount(deps, session, body),
  )
  route(app, grantStaffRole, z.object({ eventCode: EventCode, userName: LoginUserName, role: Role.nullable() }), ({ body, session, deps }) =>
    grantRole(deps, session, body),
  )
  route(app, setStaffDisabled, z.object({ userName: LoginUserName, disabled: z.boolean({ error: 'EVAL0001' }) }), ({ body, session, deps }) =>
    setDisabled(deps, session, body),
  )
  route(app, listEventStaff, z.object({ eventCode: EventCode }), ({ body, session, deps }) => eventStaff(deps, session, body.eventCode))
}
