/** The generators, the fuzzed app and its tokens of fuzz.test.ts (whose comment says what is fuzzed and why). */
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import type { AnyCall, AuthMode, RequestOf } from '@contracts/call'
import { ALL_CALLS, CALL_MODULES } from '@contracts/calls'
import { type Lang } from '@contracts/messages'
import { DEMO_EVENT, DEMO_USER, LOCKED_ATTENDEE } from '../src/seed'
import { DEMO_CHECKIN_TEXT } from './eventday-fixtures'
import { findEventByCode } from '../src/events/repositories/events'
import { findUserByUserName } from '../src/auth/repositories/users'
import { createSession } from '../src/auth/sessions'
import { createStaffSession } from '../src/staff/sessions'
import { findStaffByUserName } from '../src/staff/repositories/staff'
import { DEMO_ADMIN } from '../src/staff/seed'
import { setup, type TestContext } from './helper'

/** the Shanghai date of the test clock's start (train searches and orders take dates) */
export const TODAY = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
export const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
export const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0
export const PATH = process.env.FUZZ_PATH

// ---------------------------------------------------------------------------------------------
// Field names of the declared requests, at compile time

export type Modules = typeof CALL_MODULES
export type Declared = Extract<{ [M in keyof Modules]: Modules[M][keyof Modules[M]] }[keyof Modules], AnyCall>
/** the named fields of a request type (EmptyRequest, Record<string, never>, has none) */
export type FieldsOf<R> = R extends unknown ? (string extends keyof R ? never : keyof R & string) : never
export type FieldName = FieldsOf<RequestOf<Declared>>

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json }

/** values a real client could send, per field name: they get a body past the other fields */
export const PLAUSIBLE = {
  eventCode: ['DEMO', 'LOCKED', 'CLOSED', 'PAST', 'SOON', 'NOPE', ' DEMO '],
  eventHashCode: ['demo', 'locked', 'closed', 'past', 'nope'],
  channel: ['sms', 'email', 'miniProgram', 'h5', 'own', 'wechat'],
  loginType: ['mobile', 'email', 'account'],
  mobile: [DEMO_USER.mobile, '13800138001', '13900000000', '1380013800'],
  email: [DEMO_USER.email, 'lilei@example.com', 'DEMO@Example.com', 'nobody@example.com'],
  code: ['123456', '000000', '12345'],
  userName: [DEMO_USER.userName, 'lilei', 'DEMO', 'nobody'],
  password: [DEMO_USER.password, 'wrong-password', ''],
  idNumber: [DEMO_USER.idNumber, '110101199003070000'],
  visitingCode: [LOCKED_ATTENDEE.visitingCode, 'nope'],
  roomNumber: [LOCKED_ATTENDEE.roomNumber, '0000'],
  name: ['张三', 'Li Lei'],
  company: ['', '示例科技有限公司', 'ACME'],
  type: ['pages/index/index', 'login', 'voluntary', 'involuntary'],
  viewWay: ['H5', 'WEAPP'],
  url: ['http://localhost:3000/?ehc=demo&ec=DEMO#/home', 'http://127.0.0.1:3000/login', 'https://evil.com/', 'http://localhost@evil.com/'],
  dictCode: ['gender', 'documentType', 'unknown'],
  parentCode: ['', '44', '4403', '99', 'Cabcdefghijkl'],
  depth: [1, 2, 3],
  kind: ['home', 'detail', 'other', 'design', 'custom', 'train', 'air', 'form', 'microsite'],
  format: ['html', 'nodes', 'markdown', 'csv', 'xlsx'],
  pageCode: ['guide', 'agenda', 'vip', 'photos', 'nope'],
  articleCode: ['welcome', 'nope'],
  atlasCode: ['photos', 'nope'],
  pageNo: [1, 2, 0],
  pageSize: [10, 50, 51],
  // train and travel (contracts/calls/train.ts, travel.ts)
  keyword: ['北京', 'beijing', 'bj', 'SHH', '', '上海', 'sha', 'PEK'],
  limited: [true, false],
  fromStationCode: ['AOH', 'SHH', 'BJP', 'XXX'],
  toStationCode: ['VNP', 'BJP', 'AOH', 'XXX'],
  date: [TODAY, '2026-13-40', '2020-01-01', '2026-02-30'],
  wholeCity: [true, false],
  trainCode: ['G1', 'nope'],
  account: ['demo12306', 'nobody'],
  agreed: [true, false],
  // id: a number for train calls; a string is WeChat Pay's notification id (orderPayNotify)
  id: [1, 2, 999999, 'EV-2018022511223320873'],
  ids: [[1], [1, 2], [999999]],
  grabId: [1, 999999],
  orderId: [1, 2, 999999, 0, -1, 2 ** 31],
  documentType: ['idCard', 'passport', 'other'],
  documentNumber: [DEMO_USER.idNumber, 'E12345678', '110101199003070000'],
  passengerType: ['adult', 'child'],
  idempotencyKey: ['fuzz-key-0001', 'fuzz-key-0002', 'short'],
  seatType: ['second', 'first', 'business', 'hardSleeper'],
  seatTypes: [['second'], ['second', 'first']],
  passengers: [
    [{ travellerId: 1, passengerType: 'adult' }],
    [{ travellerId: 1, passengerType: 'child', heightCm: 130, seatChoice: 'A' }],
    [
      {
        name: '张三',
        documentType: 'idCard',
        documentNumber: '11010519491231002X',
        sex: 'female',
        birthDate: '1949-12-31',
        mobile: '',
        insurance: true,
        contactKey: '',
      },
    ],
    [],
  ],
  contactName: ['张三', 'Li Lei'],
  contactMobile: [DEMO_USER.mobile, '1380013800'],
  overPolicyReason: ['', '会议紧急'],
  product: ['train', 'flight', 'bus'],
  // air (contracts/calls/flight.ts)
  depCode: ['SHA', 'PVG', 'XXX'],
  arrCode: ['BJS', 'PEK', 'PKX', 'SHA'],
  flight: [
    { date: '2026-12-01', flightNo: 'MU5101', depAirport: 'SHA', arrAirport: 'PEK' },
    { date: '2026-12-01', flightNo: 'XX0000', depAirport: 'PVG', arrAirport: 'PKX' },
  ],
  depAirport: ['SHA', 'PVG', 'PEK'],
  arrAirport: ['PEK', 'PKX', 'SHA'],
  cabinCode: ['Y', 'J', 'F', 'Z'],
  contact: [
    { name: '张三', mobile: '13800138000', email: '' },
    { name: '', mobile: '1380013800', email: 'x' },
  ],
  remark: ['', '靠窗'],
  agreementAccepted: [true, false],
  expectedTotalFen: [100_000, 0, -1],
  tradeType: ['JSAPI', 'NATIVE', 'APP'],
  wxCode: ['', 'sandbox-code-1'],
  wxCodeSource: ['miniProgram', 'officialAccount'],
  // air after-sales
  passengerIds: [[1], [1, 2], [], [999999]],
  reason: ['planChanged', 'flightCancelled', 'other', 'nope'],
  reasonText: ['', '会议改期', 'x'.repeat(201)],
  cause: ['planChanged', 'flightDelayed', 'other', 'nope'],
  causeText: ['', '行程调整'],
  expectedRefundFen: [100_000, 55300, 0, -1],
  expectedDueFen: [0, 10_000, -1],
  expectedBackFen: [0, 17_800, -1],
  // WeChat Pay's notification body (orderPayNotify answers by HTTP status: fuzzed in payments.test.ts)
  create_time: ['2026-11-22T10:00:00+08:00'],
  event_type: ['TRANSACTION.SUCCESS'],
  resource_type: ['encrypt-resource'],
  summary: ['支付成功'],
  resource: [{ algorithm: 'AEAD_AES_256_GCM', ciphertext: '', associated_data: 'transaction', original_type: 'transaction', nonce: 'abcdefabcdef' }],
  text: [DEMO_CHECKIN_TEXT, 'MAIN-AAAAAAAAAA', 'http://localhost:3000/signIn?ehc=locked&code=MAIN-AAAAAAAAAA', ''],
  scannedAt: [null, '2026-01-01T09:00:00+08:00', 'yesterday'],
  category: ['suggestion', 'problem', 'other', 'praise'],
  content: ['会场 Wi-Fi 很慢', 'x'.repeat(501)],
  statusGroup: ['toPay', 'done', 'lost'],
  // registration
  activityCodes: [[], ['workshop-ai'], ['workshop-ai', 'dinner'], ['nope']],
  contactType: ['attendee', 'media', 'nope'],
  followerType: ['companion', 'nope'],
  values: [
    {} as Json,
    { name: '张三', sex: 'mr', mobile: '13912345678', email: 'zhang@example.com', idType: 'idCard', idNumber: '110101199003074477' },
    {
      surname: 'Li',
      givenName: 'Lei',
      phone: { country: '+86', area: '10', number: '12345678', ext: '' },
      region: { nation: 'CN', province: '44', city: '4403', county: '440305' },
    },
  ],
  followers: [[], [{ followerType: 'companion', values: { name: '李四', sex: 'ms', mobile: '13912345679', idType: 'passport', idNumber: 'E12345678' } }]],
  protocolAccepted: [true, false],
  draftId: ['draft-0001-abcdef', 'x'],
  contactCode: ['Cabcdefghijkl', 'nope'],
  contactCodes: [[], ['Cabcdefghijkl']],
  productType: ['train', 'air', 'bus'],
  oldPassword: [DEMO_USER.password, 'wrong-password'],
  newPassword: ['NewPass2026', 'short'],
  followerId: [1, 2, 0, -1],
  listCode: ['personalPosition', 'certificateType', 'nope'],
  field: ['photo', 'attachment', 'other'],
  tag: ['photo-1', ''],
  fileCode: ['Fabcdefghijkl', 'nope'],
  // train after-sales; passengerIds, reason(Text), cause(Text), expectedRefundFen: the air block above
  refundType: ['voluntary', 'involuntary', 'nope'],
  changeType: ['sameRoute', 'destination', 'nope'],
  expectedDifferenceFen: [0, 1000, -1000],
  changeId: [1, 999999, 0],
  // WeChat subscription messages (contracts/calls/notices.ts)
  orderKind: ['train', 'flight', 'bus'],
  moment: ['booking', 'change', 'refund', 'later'],
  templateIds: [['DemoTicketIssued0000000000000000000000000000'], [], ['a', 'b', 'c', 'd']],
  // the organisers' console (contracts/admin/)
  // the travel desk's reconciliation: China dates, a reversed range, a range too long, not a date
  from: ['2026-11-20', '2026-02-30', 'yesterday'],
  to: ['2026-11-22', '2026-11-19', '2027-12-31'],
  totp: ['123456', '12345', ''],
  role: ['owner', 'organiser', 'reviewer', 'checkin', 'travel', 'nope', null],
  page: [1, 2, 0],
  status: ['auditing', 'approved', 'rejected', 'nope'],
  decision: ['approved', 'rejected', 'nope'],
  userType: ['attendee', 'media', 'nope', ''],
  checkin: ['all', 'in', 'out', 'nope'],
  userCode: ['', 'U20260001', 'nope'],
  startTime: ['2030-05-01T09:00', '2030-02-30T09:00', '2030-03-10T02:30'],
  endTime: ['2030-05-02T18:00', '2030-04-01T09:00'],
  titleZh: ['新活动', ''],
  titleEn: ['New event', ''],
  venueZh: ['上海', ''],
  venueEn: ['Shanghai', ''],
  timeZone: ['Asia/Shanghai', 'America/New_York', 'Mars/Olympus'],
  loginModes: [['account'], ['mobile', 'email', 'account'], [], ['fax']],
  loginExtraFields: [[], ['idNumber'], ['nope']],
  permissionType: [1, 4, 5],
  someUserTypes: [[], ['vip']],
  shareTitle: ['', '分享'],
  shareSubTitle: ['', 'sub'],
  sharePic: ['', 'https://example.com/a.png', '/files/demo/a.png', 'javascript:alert(1)'],
  micrositeEnabled: [null, true, false],
  currentCode: ['DEMO', 'LOCKED', 'NOPE'],
  settings: [
    {
      eventCode: 'NEW-1',
      eventHashCode: 'new-1',
      titleZh: '新活动',
      titleEn: 'New event',
      venueZh: '',
      venueEn: '',
      startTime: '2030-05-01T09:00',
      endTime: '2030-05-02T18:00',
      timeZone: 'Asia/Shanghai',
      loginModes: ['account'],
      loginExtraFields: [],
      permissionType: 1,
      someUserTypes: [],
      shareTitle: '',
      shareSubTitle: '',
      sharePic: '',
      micrositeEnabled: null,
    },
  ],
  published: [true, false],
  disabled: [true, false, 'all', 'disabled', 'active', 'nope'],
  fileName: ['people.csv', 'x.xlsx', ''],
  // the console's travel policy and microsite pictures
  policy: [
    {
      overPolicy: 'reason',
      trainSeats: { G: ['second'] },
      flightCabinClasses: ['economy'],
      flightMaxDiscountPercent: 80,
      flightMaxPriceFen: 150000,
      payers: ['company'],
      visibleProducts: ['train'],
      rangeCities: ['北京', '上海'],
      trainRulesProfile: 'spec',
    },
  ],
  dataBase64: ['', 'aGVsbG8=', 'iVBORw0KGgo='],
  // the check-in desk's queue of scans
  scans: [
    [],
    [
      {
        scanId: '0b7c9a52-3f0e-4c1e-9f5a-1d2e3f4a5b6c',
        code: 'ATT-AAAAAAAAAAAA',
        pointCode: 'MAIN',
        scannedAt: '2026-11-28T01:00:00Z',
        snapshotAt: '2026-11-28T01:00:00Z',
      },
    ],
  ],
  action: ['cancel', 'refund', 'retryTicketing', 'burn'],
  // a badge's paper size
  size: ['A6', 'A7', 'card', 'A4', ''],
  // the message log's filters
  state: ['', 'queued', 'sent', 'failed', 'lost'],
  recipient: ['', '138', 'a@b.c', 'x'.repeat(65)],
  // the console's notices
  templateZh: ['{name}您好', '', 'x'.repeat(301)],
  templateEn: ['Dear {name}', ''],
} satisfies Record<FieldName, readonly Json[]>

// ---------------------------------------------------------------------------------------------
// Hostile values

export const NUL = '\u0000'
export const HOSTILE_STRINGS: string[] = [
  NUL,
  `a${NUL}b`,
  `DEMO${NUL}`,
  '',
  ' ',
  '\t\r\n',
  '\u202eevil\u202c', // right-to-left override
  '\u200f\u200e\u2066x\u2069', // right-to-left / left-to-right marks, isolates
  '\ufeff',
  '😀',
  '👨‍👩‍👧‍👦'.repeat(40),
  'İ'.repeat(64), // lower-cases to two UTF-16 units each
  'ß'.repeat(64), // upper-cases to two letters each
  '\ud800', // lone surrogates
  'a\udfffb',
  '%00',
  '\\u0000',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(65),
  'x'.repeat(255),
  '中'.repeat(3000),
  'x'.repeat(20_000),
]
export const TRICKY_KEYS = ['toString', 'valueOf', '__proto__', 'constructor', 'hasOwnProperty', 'toJSON', 'then', 'length', 'prototype']

/** an object with these own keys (Object.fromEntries: `__proto__` becomes a key, not the prototype) */
export const objectOf = (entries: Array<[string, Json]>): Json => Object.fromEntries(entries) as Json

/** how long a repeated string is: around the usual limits more often than anywhere else */
export const repeatCount = fc.oneof(
  fc.integer({ min: 1, max: 70 }),
  fc.constantFrom(16, 17, 32, 33, 50, 51, 64, 65, 100, 101, 128, 129, 200, 201, 254, 255, 2048, 2049),
  fc.integer({ min: 0, max: 5000 }),
)

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.tuple(repeatCount, fc.constantFrom('a', '7', '中', '😀', 'İ', NUL)).map(([n, c]) => c.repeat(n)) },
)

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 4, 2 ** 53 + 1, 1e308, -1e-308, 0.5),
)

export const { value: hostileValue } = fc.letrec<{ value: Json; leaf: Json }>((tie) => ({
  leaf: fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null)),
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: tie('leaf') },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom(...TRICKY_KEYS), tie('value')), { maxLength: 3 }).map(objectOf) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  ),
}))

export const plausibleOf = (field: string) => fc.constantFrom(...((PLAUSIBLE as Record<string, readonly Json[]>)[field] ?? ['']))

/** the maximum length a field's schema allows (zod string `.max()`), looked up through optional/nullable/pipe */
export function maxLengthOf(fieldSchema: unknown): number | null {
  let s = fieldSchema as { maxLength?: unknown; def?: { in?: unknown; innerType?: unknown; schema?: unknown } } | undefined
  for (let i = 0; i < 8 && s; i++) {
    if (typeof s.maxLength === 'number') return s.maxLength
    s = (s.def?.in ?? s.def?.innerType ?? s.def?.schema) as typeof s
  }
  return null
}

/**
 * Strings at a field's length limit, of characters that change size on the way (two UTF-16 units,
 * two when lower-cased, three UTF-8 bytes, NUL): what a length check measured one way and a
 * column measured another lets through.
 */
export const atTheLimit = (max: number): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom('x', 'İ', '中', '😀', ' ', NUL), fc.constantFrom(max - 1, max, max + 1)).map(([c, n]) => c.repeat(Math.max(0, n) / c.length))

/** a field's value gone wrong: hostile, at its length limit, or plausible made hostile (NUL or a mark inside, wrapped in an array or object) */
export function spoiled(field: string, max: number | null): fc.Arbitrary<Json> {
  const plausible = plausibleOf(field)
  return fc.oneof(
    { weight: 3, arbitrary: hostileValue },
    { weight: 3, arbitrary: hostileString },
    { weight: max === null ? 0 : 4, arbitrary: atTheLimit(max ?? 0) },
    {
      weight: 3,
      arbitrary: fc.tuple(plausible, fc.nat(), fc.constantFrom(NUL, NUL, '\u202e', '😀', ' ', 'İ')).map(([v, at, c]) => {
        const s = typeof v === 'string' ? v : JSON.stringify(v)
        const i = at % (s.length + 1)
        return s.slice(0, i) + c + s.slice(i)
      }),
    },
    { weight: 1, arbitrary: plausible.map((v) => [v]) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...TRICKY_KEYS), plausible).map(([k, v]) => objectOf([[k, v]])) },
  )
}

/** a field's value: plausible or spoiled */
export const fieldValue = (field: string, max: number | null): fc.Arbitrary<Json> =>
  fc.oneof({ weight: 1, arbitrary: plausibleOf(field) }, { weight: 1, arbitrary: spoiled(field, max) })

/**
 * A body for a call with these fields: any JSON at all; an object of some of its fields, each
 * plausible or spoiled; or every field plausible but one spoiled, which gets past the other
 * fields' validation into the service and the database. Plus extras (funcModule …).
 */
export function bodyFor(shape: Record<string, unknown>): fc.Arbitrary<Json> {
  const fields = Object.keys(shape)
  const max = (f: string) => maxLengthOf(shape[f])
  const own = fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue(f, max(f))])) as Record<string, fc.Arbitrary<Json>>, { requiredKeys: [] })
  const allPlausible = fc.record(Object.fromEntries(fields.map((f) => [f, plausibleOf(f)])) as Record<string, fc.Arbitrary<Json>>)
  const oneSpoiled: fc.Arbitrary<Record<string, Json>> = fields.length
    ? fc
        .constantFrom(...fields)
        .chain((f) => fc.tuple(allPlausible, fc.constant(f), spoiled(f, max(f))))
        .map(([base, f, v]) => ({ ...base, [f]: v }))
    : fc.constant({})
  const extras = fc.record(
    {
      funcModule: fc.oneof(fc.constant(objectOf([['toString', 1]])), fc.constant(objectOf([['valueOf', 1]])), hostileValue),
      funcOperation: hostileValue,
      extra: hostileValue,
    },
    { requiredKeys: [] },
  )
  return fc.oneof(
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json> },
    { weight: 1, arbitrary: hostileValue },
    { weight: 3, arbitrary: fc.tuple(own, extras).map(([a, b]) => ({ ...b, ...a }) as Json) },
    { weight: 6, arbitrary: fc.tuple(oneSpoiled, extras).map(([a, b]) => ({ ...b, ...a }) as Json) },
  )
}

export type TokenKind = 'none' | 'valid' | 'bearer' | 'expired' | 'unknown' | 'malformed'
export const TOKENS: TokenKind[] = ['none', 'valid', 'bearer', 'expired', 'unknown', 'malformed']
/** lang header → the language the answer must be in */
export const LANGS: Array<[string | undefined, Lang]> = [
  ['zh', 'zh'],
  ['en', 'en'],
  ['en-US', 'en'],
  [undefined, 'zh'],
]

// ---------------------------------------------------------------------------------------------

export let t: TestContext
export let app: FastifyInstance
/** error-level log lines of the fuzzed app (what a 500 logs), for the failure message */
export const errorLogs: string[] = []
/** a token of a kind; for a staff call (auth 'staff') the platform administrator's, who may do the most */
export let mintToken: (kind: TokenKind, auth?: AuthMode) => Promise<string | undefined>

// orderPayNotify is WeChat Pay's notify URL: it answers by HTTP status, not the envelope (fuzzed in payments.test.ts)
export const declared = Object.entries(ALL_CALLS).filter(([, c]) => c.path !== '/api/flight/pay/orderPayNotify')

/** the fields of a zod object schema, name → field schema (unwrapping pipes if any) */
export function shapeOf(schema: unknown): Record<string, unknown> | null {
  let s = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown } } | undefined
  for (let i = 0; i < 5 && s; i++) {
    if (s.shape && typeof s.shape === 'object') return s.shape
    s = (s.def?.in ?? s.def?.innerType) as typeof s
  }
  return null
}

/** the fuzzed app, logging at trace level into errorLogs, and a token of each kind */
export function useFuzzedApp(): void {
  beforeAll(async () => {
    t = await setup()
    const sink = {
      write(line: string) {
        if (!/"level":(50|60)/.test(line)) return
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } }
        errorLogs.push(`logged: ${entry.msg ?? ''}: ${(entry.err?.message ?? '').slice(0, 400)}`)
      },
    }
    app = await t.buildApp({ prepareDb: false, logger: { level: 'trace', stream: sink } })
    const event = (await findEventByCode(t.db.db, DEMO_EVENT.eventCode))!
    const user = (await findUserByUserName(t.db.db, DEMO_USER.userName))!
    const session = (now: Date) => t.db.db.transaction((tx) => createSession(tx, t.app.deps, { userId: user.id, eventId: event.id, now, ttlHours: 1 }))
    const admin = (await findStaffByUserName(t.db.db, DEMO_ADMIN.userName))!
    const staffSession = (now: Date) => t.db.db.transaction((tx) => createStaffSession(tx, admin.id, now))
    mintToken = async (kind, auth) => {
      const mint = auth === 'staff' ? staffSession : session
      switch (kind) {
        case 'none':
          return undefined
        // a fresh session each time: a call that ends sessions (a logout) cannot spoil later runs
        case 'valid':
          return (await mint(t.clock.now())).token
        case 'bearer':
          return `Bearer ${(await mint(t.clock.now())).token}`
        case 'expired':
          return (await mint(new Date(t.clock.t - 13 * 3600_000))).token
        case 'unknown':
          return 'f'.repeat(64)
        case 'malformed':
          return 'not a token'
      }
    }
  })
  afterAll(async () => t?.close())
}
