/**
 * Every /api route, one module folder per spec §7 module. Each route is registered from its
 * declaration in contracts/calls (lib/route.ts); server/test/calls.test.ts checks that every
 * declared call has a route here and every /api route is declared.
 */
import type { FastifyInstance } from 'fastify'
import baseComCitys from './base/com-citys'
import bizCmsEventInfo from './biz/cms-event-info'
import guestLogin from './guest/login'
import registerMeetingPageView from './register/meeting-page-view'
import registerSignupContact from './register/signup-contact'
import registerSignupExterior from './register/signup-exterior'
import sysDict from './sys/dict'
import user from './user/user'
import wxOfficialAccounts from './wx/official-accounts'

export default async function apiRoutes(app: FastifyInstance) {
  for (const routes of [
    guestLogin,
    user,
    registerSignupContact,
    registerSignupExterior,
    registerMeetingPageView,
    bizCmsEventInfo,
    wxOfficialAccounts,
    sysDict,
    baseComCitys,
  ]) {
    await app.register(routes)
  }
}
