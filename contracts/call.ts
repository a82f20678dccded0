/**
 * How a call of spec §7 is declared: once, here in contracts/, and used by both sides.
 *
 *   export const getUser = defineCall<EmptyRequest, UserInfo>({ path: '/api/getUser', auth: 'required' })
 *
 * - the server registers its route from the declaration (server/src/kernel/http/route.ts): the zod schema
 *   is checked at compile time against the request type, the handler's return against the
 *   response type, and the auth mode comes from here;
 * - the client calls it with `call(getUser, {})` (src/lib/request.ts): the path, the response type
 *   and the loading indicator come from here.
 * No path string is written anywhere else. A declaration is a three-field object at run time: the
 * request and response types are compile-time only (the optional `types` field is never set).
 */

/**
 * none: public; optional: a valid token identifies the caller; required: no valid token → EAUT000x;
 * staff: the organisers' console (contracts/admin/): a staff session's token, kept apart from the
 * attendees' (an attendee token is unknown to a staff call and a staff token to an attendee call)
 */
export type AuthMode = 'none' | 'optional' | 'required' | 'staff'

export interface Call<Req, Res, A extends AuthMode = AuthMode> {
  readonly path: `/api/${string}`
  readonly auth: A
  /** false for the five calls marked * in spec §7: no loading indicator */
  readonly loading: boolean
  /** compile-time only: carries the request and response types */
  readonly types?: { readonly req: Req; readonly res: Res }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any call, whatever its types
export type AnyCall = Call<any, any, AuthMode>
export type RequestOf<C> = C extends Call<infer Req, unknown, AuthMode> ? Req : never
export type ResponseOf<C> = C extends Call<unknown, infer Res, AuthMode> ? Res : never

/** the body of a call that takes no input */
export type EmptyRequest = Record<string, never>

interface Declaration<A extends AuthMode> {
  path: `/api/${string}`
  auth: A
  /** default true; false only for the calls spec §7 marks * */
  loading?: boolean
}

export function defineCall<Req, Res>(d: Declaration<'required'>): Call<Req, Res, 'required'>
export function defineCall<Req, Res>(d: Declaration<'optional'>): Call<Req, Res, 'optional'>
export function defineCall<Req, Res>(d: Declaration<'none'>): Call<Req, Res, 'none'>
export function defineCall<Req, Res>(d: Declaration<'staff'>): Call<Req, Res, 'staff'>
export function defineCall<Req, Res>(d: Declaration<AuthMode>): Call<Req, Res, AuthMode> {
  return { path: d.path, auth: d.auth, loading: d.loading !== false }
}
