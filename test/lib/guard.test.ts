/**
 * The login guard of spec §5 / §6, as a full table:
 * access (public / login / microsite) × token (yes / no) × permissionType (1, 2, 3, 4, unknown).
 */
import { decideAccess, redirectOf, type GuardDecision } from '@/lib/router/guard'
import { ROUTES, type RouteName } from '@/lib/router/routes'

const ALLOW: GuardDecision = { allow: true }
const LOGIN: GuardDecision = { allow: false, redirect: 'login' }

/** one route of each access kind, checked against routes.ts so the table means what it says */
const ROUTE_OF = { public: 'index', login: 'home', microsite: 'micrositeIndex' } as const satisfies Record<string, RouteName>

const PERMISSION_TYPES = [1, 2, 3, 4, null] as const

/** expected decision, from the spec text */
function expected(access: keyof typeof ROUTE_OF, token: boolean, permissionType: number | null): GuardDecision {
  if (access === 'public') return ALLOW // public pages are open to guests
  if (access === 'login') return token ? ALLOW : LOGIN // "a login-required route without a stored token goes to /login"
  // microsite: "if permissionType is 2, 3 or 4 a token is required, else the user goes to /login"
  if (permissionType === 2 || permissionType === 3 || permissionType === 4) return token ? ALLOW : LOGIN
  return ALLOW
}

const TABLE = (Object.keys(ROUTE_OF) as Array<keyof typeof ROUTE_OF>).flatMap((access) =>
  [true, false].flatMap((token) => PERMISSION_TYPES.map((permissionType) => [access, token, permissionType, expected(access, token, permissionType)] as const)),
)

describe('decideAccess', () => {
  it('uses one route of each access kind', () => {
    expect(ROUTES[ROUTE_OF.public].access).toBe('public')
    expect(ROUTES[ROUTE_OF.login].access).toBe('login')
    expect(ROUTES[ROUTE_OF.microsite].access).toBe('microsite')
  })

  it('the table covers 3 × 2 × 5 cases', () => {
    expect(TABLE).toHaveLength(30)
  })

  it.each(TABLE)('%s page, token %s, permissionType %s → %j', (access, token, permissionType, decision) => {
    expect(decideAccess({ route: ROUTE_OF[access], token: token ? 'tok' : null, permissionType })).toEqual(decision)
  })

  it.each([
    // the literal cases, written out, so a wrong `expected()` cannot hide a wrong guard
    ['home', null, null, LOGIN],
    ['home', 'tok', null, ALLOW],
    ['micrositeDetail', null, 2, LOGIN],
    ['microsite25dIndex', null, 3, LOGIN],
    ['microsite25dWebView', null, 4, LOGIN],
    ['micrositeIndex', null, 1, ALLOW],
    ['micrositeIndex', 'tok', 4, ALLOW],
    ['login', null, 4, ALLOW],
    ['notFound', null, 2, ALLOW],
    ['trainLogin', null, 1, LOGIN],
    ['airPay', null, null, LOGIN],
    ['chooseCity', null, null, LOGIN],
  ] as Array<[RouteName, string | null, number | null, GuardDecision]>)('%s, token %s, permissionType %s → %j', (route, token, permissionType, decision) => {
    expect(decideAccess({ route, token, permissionType })).toEqual(decision)
  })

  it('an empty token is no token', () => {
    expect(decideAccess({ route: 'home', token: '', permissionType: null })).toEqual(LOGIN)
    expect(decideAccess({ route: 'micrositeIndex', token: '', permissionType: 2 })).toEqual(LOGIN)
  })
})

describe('decideAccess: attendee types (permissionType 4, spec §6)', () => {
  const PERMISSIONS: GuardDecision = { allow: false, redirect: 'permissions' }
  it.each([
    // route, token, permissionType, someUserTypes, userType → decision
    ['micrositeIndex', 'tok', 4, ['vip'], 'attendee', PERMISSIONS],
    ['micrositeDetail', 'tok', 4, ['vip', 'speaker'], 'speaker', ALLOW],
    ['microsite25dIndex', 'tok', 4, [], 'vip', PERMISSIONS],
    // without a token the stored type of an earlier login counts for nothing: log in first
    ['micrositeIndex', null, 4, ['vip'], 'vip', LOGIN],
    ['micrositeIndex', 'tok', 2, ['vip'], 'attendee', ALLOW],
    ['micrositeIndex', 'tok', 3, [], 'attendee', ALLOW],
    // the type is not known yet (no stored user): the server decides on the microsite page
    ['micrositeIndex', 'tok', 4, ['vip'], null, ALLOW],
    // pages that are not the microsite's do not look at the type
    ['home', 'tok', 4, ['vip'], 'attendee', ALLOW],
    ['permissions', 'tok', 4, ['vip'], 'attendee', ALLOW],
  ] as Array<[RouteName, string | null, number, string[], string | null, GuardDecision]>)(
    '%s, token %s, type %s admitting %j, attendee type %s → %j',
    (route, token, permissionType, someUserTypes, userType, decision) => {
      expect(decideAccess({ route, token, permissionType, someUserTypes, userType })).toEqual(decision)
    },
  )
})

describe('redirectOf: where a refused page sends the attendee', () => {
  it("login remembers the page asked for and its own parameters (not the event's, not Taro's stamps)", () => {
    expect(redirectOf(LOGIN, 'trainSearchTicketList', { ehc: 'demo', ec: 'DEMO', fromStation: '北京', date: '2026-12-01', $taroTimestamp: '1' })).toEqual({
      name: 'login',
      query: { back: 'trainSearchTicketList', backQuery: `fromStation=${encodeURIComponent('北京')}&date=2026-12-01` },
    })
    expect(redirectOf(LOGIN, 'home', { ehc: 'demo' })).toEqual({ name: 'login', query: { back: 'home' } })
  })
  it('a microsite page keeps its page code', () => {
    expect(redirectOf(LOGIN, 'micrositeDetail', { page: 'lounge' })).toEqual({ name: 'login', query: { back: 'micrositeDetail', backQuery: 'page=lounge' } })
  })
  it('the permissions page takes no return (the attendee cannot get in by logging in again)', () => {
    expect(redirectOf({ allow: false, redirect: 'permissions' }, 'micrositeDetail', { page: 'vip' })).toEqual({ name: 'permissions', query: {} })
  })
  it('the login page never returns to itself', () => {
    expect(redirectOf(LOGIN, 'login', { back: 'home' })).toEqual({ name: 'login', query: {} })
  })
})
