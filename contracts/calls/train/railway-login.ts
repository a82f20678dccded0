/**
 * The attendee's railway login (trainTicketLogin): the calls that reach the railway need it and
 * answer ETRAIN1002 once it has timed out; the client then shows the spec's modal and sends the
 * attendee here, then back where they were.
 * Conventions (money, dates, station codes, ids, idempotency keys): ../train.ts.
 */
import { defineCall, type EmptyRequest } from '../../call'

export interface RailwayLoginRequest {
  /** the railway account (user name, mobile or e-mail registered there), 1-50 characters */
  account: string
  /** 1-64 characters; kept by the server only as long as the railway session lasts, never returned */
  password: string
  /** the account-authorisation agreement ticked (spec §5: "check the account authorization agreement") */
  agreed: boolean
}
export interface RailwayLoginState {
  loggedIn: boolean
  /** the account, masked for display ('de***ay'); null when not logged in */
  account: string | null
  /** when the railway session times out unless used again; null when not logged in */
  expiresAt: string | null
}
/**
 * Log in to the railway with the attendee's railway account. Wrong account or password:
 * ETRAIN1001; the railway not answering: ETRAIN1003; agreement not ticked: ETRAIN1004.
 */
export const loginRailway = defineCall<RailwayLoginRequest, RailwayLoginState>({
  path: '/api/biz/tmcLogin/loginRailway',
  auth: 'required',
})

/** whether the attendee's railway session is alive (homePage asks before searching; never ETRAIN1002) */
export const isRailwayLogin = defineCall<EmptyRequest, RailwayLoginState>({
  path: '/api/biz/tmcLogin/isLogin',
  auth: 'required',
})
