/** Pure rules: table-driven, no database. */
import { isIdCard } from '@contracts/validation'
import { admit, missingExtraField } from '../src/auth/rules/admission'
import { cityTree } from '../src/reference/rules/cities'
import { AUTH_RULES } from '../src/auth/rules/auth-rules'
import {
  CODE_TTL_MS,
  MAX_CODE_ATTEMPTS,
  MAX_CODE_ATTEMPTS_PER_CODE,
  checkCode,
  codeTriesWindow,
  openCode,
  reusableCode,
  sealCode,
  destinationKey,
  hashCode,
  newCode,
  type CodeState,
} from '../src/auth/rules/codes'
import { dictItems } from '../src/reference/rules/dicts'
import { maskEmail, maskMobile } from '../src/kernel/mask'
import { hashPassword, verifyPassword } from '../src/auth/rules/passwords'
import { shanghaiDay, startOfShanghaiDay, toShanghaiIso } from '../src/kernel/time/time'
import { hashToken, md5Hex, newToken, tokenFromHeader } from '../src/auth/rules/tokens'
import { isSignableUrl, parseOriginPattern, stripFragment, wxSignature, newNonce } from '../src/wechat/rules/wx-signature'
import { loadConfig } from '../src/config'
import { DEMO_USER } from '../src/seed'

describe('wx JS-SDK signature', () => {
  it('matches the example of the WeChat documentation', () => {
    expect(
      wxSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        noncestr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
  })
  it('ignores the #fragment of the url', () => {
    const base = { ticket: 't', noncestr: 'n', timestamp: 1 }
    expect(wxSignature({ ...base, url: 'https://a.b/c?x=1#/home' })).toBe(wxSignature({ ...base, url: 'https://a.b/c?x=1' }))
    expect(stripFragment('https://a.b/#x#y')).toBe('https://a.b/')
  })
  it('makes 16-character alphanumeric nonces', () => {
    expect(newNonce()).toMatch(/^[A-Za-z0-9]{16}$/)
  })
})

describe('wx JS-SDK signature: only pages of the configured H5 origins', () => {
  const DEV = ['http://localhost:*', 'http://127.0.0.1:*']
  const PROD = ['https://m.example.com', 'https://event.example.cn:8443']

  it.each([
    ['http://localhost:3000/?ehc=demo&ec=DEMO#/home', DEV],
    ['http://localhost/login', DEV],
    ['http://localhost:10086', DEV],
    ['http://127.0.0.1:3000/pages/index/index?x=1', DEV],
    ['HTTP://LOCALHOST:3000/login', DEV],
    ['https://m.example.com/login?ehc=demo', PROD],
    ['https://m.example.com', PROD],
    ['https://event.example.cn:8443/home', PROD],
  ])('signs %s', (url, origins) => {
    expect(isSignableUrl(url, origins)).toBe(true)
  })

  it.each([
    // another origin
    ['https://evil.com/', DEV],
    ['http://192.168.1.10:3000/', DEV],
    ['https://localhost:3000/', DEV], // another scheme
    ['http://m.example.com/login', PROD],
    ['https://example.com/', PROD],
    ['https://event.example.cn/home', PROD], // another port
    ['https://m.example.com:443/', PROD], // a browser never writes the default port: not guessed
    ['https://event.example.cn:8444/home', PROD],
    // lookalike hosts
    ['http://localhost.evil.com/', DEV],
    ['http://localhost.evil.com:3000/', DEV],
    ['http://evil.com/localhost', DEV],
    ['http://evil.com/?http://localhost:3000/', DEV],
    ['http://evil-localhost/', DEV],
    ['http://127.0.0.1.evil.com/', DEV],
    ['https://m.example.com.evil.com/', PROD],
    ['https://evilm.example.com/', PROD],
    ['https://xm.example.com/', PROD],
    ['http://localhost./', DEV],
    // userinfo tricks
    ['http://localhost@evil.com/', DEV],
    ['http://localhost:3000@evil.com/', DEV],
    ['http://evil.com@localhost:3000/', DEV],
    ['http://user:pass@localhost:3000/', DEV],
    ['https://m.example.com@evil.com/', PROD],
    // parser differentials: what another parser would read differently is refused
    ['http://localhost\\@evil.com/', DEV],
    ['http://localhost%2f@evil.com/', DEV],
    ['http://evil.com\\localhost/', DEV],
    [' http://localhost:3000/', DEV],
    ['http://localhost:3000\u0000.evil.com/', DEV],
    // not a web page
    ['javascript:alert(1)//http://localhost/', DEV],
    ['file://localhost/etc/passwd', DEV],
    ['ftp://localhost/', DEV],
    ['//localhost:3000/', DEV],
    ['localhost:3000', DEV],
    ['', DEV],
    ['http://localhost:3000/', []],
  ])('refuses %s', (url, origins) => {
    expect(isSignableUrl(url, origins)).toBe(false)
  })

  it('origin patterns: scheme, host, a port or * (any port); nothing else', () => {
    expect(parseOriginPattern('http://localhost:*')).toEqual({ protocol: 'http:', hostname: 'localhost', port: '*' })
    expect(parseOriginPattern('HTTPS://M.Example.com/')).toEqual({ protocol: 'https:', hostname: 'm.example.com', port: '' })
    expect(parseOriginPattern('https://m.example.com:443')).toEqual({ protocol: 'https:', hostname: 'm.example.com', port: '' })
    expect(parseOriginPattern('http://[::1]:3000')).toEqual({ protocol: 'http:', hostname: '[::1]', port: '3000' })
    for (const bad of [
      'm.example.com',
      'ftp://m.example.com',
      'https://m.example.com/path',
      'https://u@m.example.com',
      'https://*.example.com',
      'https://m.example.com:99999',
      'https://',
      '*',
    ]) {
      expect(parseOriginPattern(bad)).toBeNull()
    }
  })
})

describe('verification codes', () => {
  const now = new Date('2026-05-01T04:00:00Z') // 12:00 in Shanghai
  const h = (code: string) => hashCode('secret', 'sms:13800138000', code)
  const sent = (over: Partial<CodeState> = {}): CodeState => ({
    codeHash: h('123456'),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    attempts: 0,
    ...over,
  })

  it('are 6 digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{6}$/)
  })
  it('hash depends on secret, destination and code', () => {
    expect(h('123456')).toBe(h('123456'))
    expect(h('123456')).not.toBe(h('123457'))
    expect(hashCode('other', 'sms:13800138000', '123456')).not.toBe(h('123456'))
    expect(hashCode('secret', 'sms:13800138001', '123456')).not.toBe(h('123456'))
  })
  it('destination keys normalise e-mail case', () => {
    expect(destinationKey('email', ' Demo@Example.COM ')).toBe('email:demo@example.com')
    expect(destinationKey('sms', '13800138000')).toBe('sms:13800138000')
  })

  it.each([
    ['no code sent', null, '123456', 0, 'ELOG1004'],
    ['code used already', sent({ codeHash: null }), '123456', 0, 'ELOG1004'],
    ['right code', sent(), '123456', 0, null],
    ['right code, last second', sent(), '123456', CODE_TTL_MS - 1, null],
    ['expired', sent(), '123456', CODE_TTL_MS, 'ELOG1002'],
    ['wrong code', sent(), '000000', 0, 'ELOG1001'],
    ["one requester's last wrong code", sent(), '000000', 0, 'ELOG1003', MAX_CODE_ATTEMPTS - 1],
    ["right code after one requester's last wrong", sent(), '123456', 0, 'ELOG1003', MAX_CODE_ATTEMPTS],
    ["another requester's wrong code", sent({ attempts: MAX_CODE_ATTEMPTS }), '000000', 0, 'ELOG1001', 0],
    ["right code after others' wrong ones", sent({ attempts: MAX_CODE_ATTEMPTS_PER_CODE - 1 }), '123456', 0, null, 0],
    ["the code's last wrong answer", sent({ attempts: MAX_CODE_ATTEMPTS_PER_CODE - 1 }), '000000', 0, 'ELOG1003', 0],
    ["right code after the code's last wrong", sent({ attempts: MAX_CODE_ATTEMPTS_PER_CODE }), '123456', 0, 'ELOG1003', 0],
  ] as const)('check: %s', (_name, state, code, later, msgId, requesterTries = 0) => {
    const r = checkCode(state, h(code), new Date(now.getTime() + later), requesterTries)
    if (msgId === null) expect(r.ok).toBe(true)
    else expect(r).toMatchObject({ ok: false, msgId })
  })

  it('a wrong code counts an attempt', () => {
    expect(checkCode(sent({ attempts: 2 }), h('999999'), now)).toEqual({ ok: false, msgId: 'ELOG1001', attempts: 3 })
  })

  it('a sealed code opens with the same secret and destination only', () => {
    const sealed = sealCode('secret', 'sms:13800138000', '012345')
    expect(sealed).not.toContain('012345')
    expect(openCode('secret', 'sms:13800138000', sealed)).toBe('012345')
    expect(openCode('other', 'sms:13800138000', sealed)).toBeNull()
    expect(openCode('secret', 'sms:13800138001', sealed)).toBeNull()
    expect(openCode('secret', 'sms:13800138000', 'not-base64!')).toBeNull()
  })

  it(`a send passes the current code on while it has reuseMinLeftMs left and is not killed`, () => {
    const live = { ...sent(), codeSealed: sealCode('secret', 'sms:13800138000', '123456') }
    const left = (ms: number) => new Date(live.expiresAt!.getTime() - ms)
    expect(reusableCode(live, left(AUTH_RULES.codes.reuseMinLeftMs))).toBe(true)
    expect(reusableCode(live, left(AUTH_RULES.codes.reuseMinLeftMs - 1))).toBe(false)
    expect(reusableCode({ ...live, attempts: MAX_CODE_ATTEMPTS_PER_CODE - 1 }, now)).toBe(true)
    expect(reusableCode({ ...live, attempts: MAX_CODE_ATTEMPTS_PER_CODE }, now)).toBe(false)
    expect(reusableCode({ ...live, codeHash: null }, now)).toBe(false)
    expect(reusableCode({ ...live, codeSealed: null }, now)).toBe(false)
    expect(reusableCode(undefined, now)).toBe(false)
  })

  it("a requester's tries are counted over the code's lifetime", () => {
    const expiresAt = new Date(now.getTime() + CODE_TTL_MS)
    expect(codeTriesWindow(expiresAt)).toEqual({ start: now, end: expiresAt })
  })
})

describe('passwords', () => {
  it('hash with a random salt and verify', async () => {
    const a = await hashPassword('Demo@2026')
    const b = await hashPassword('Demo@2026')
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('Demo@2026', a)).toBe(true)
    expect(await verifyPassword('demo@2026', a)).toBe(false)
    expect(await verifyPassword('Demo@2026', null)).toBe(false)
    expect(await verifyPassword('Demo@2026', 'garbage')).toBe(false)
  })
})

describe('tokens', () => {
  it('are 64 hex characters, hashed with sha256, md5 for the client', () => {
    const t = newToken()
    expect(t).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken(t)).not.toBe(t)
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72')
  })
  it.each([
    [undefined, ''],
    ['abc', 'abc'],
    ['Bearer abc', 'abc'],
    ['Bearer', ''],
    ['bearer   abc ', 'abc'],
    [['x', 'y'], 'x'],
  ])('header %p → %p', (h, t) => expect(tokenFromHeader(h as string)).toBe(t))
})

describe('time (Asia/Shanghai)', () => {
  it('days and midnight follow UTC+8', () => {
    expect(shanghaiDay(new Date('2026-05-01T15:59:59Z'))).toBe('2026-05-01')
    expect(shanghaiDay(new Date('2026-05-01T16:00:00Z'))).toBe('2026-05-02')
    expect(startOfShanghaiDay(new Date('2026-05-01T10:00:00Z')).toISOString()).toBe('2026-04-30T16:00:00.000Z')
    expect(toShanghaiIso(new Date('2026-04-30T16:00:00Z'))).toBe('2026-05-01T00:00:00+08:00')
  })
})

describe('admission to an event', () => {
  const person = { idNumber: DEMO_USER.idNumber }
  const attendee = { status: 'approved', disabled: false, visitingCode: 'VIP2026', roomNumber: '8808' }
  const all = ['idNumber', 'visitingCode', 'roomNumber'] as const
  const given = { idNumber: DEMO_USER.idNumber, visitingCode: 'vip2026', roomNumber: ' 8808 ' }
  it.each([
    ['admitted', { person, attendee, given, extraFields: [...all] }, null],
    ['not registered', { person, attendee: null, given, extraFields: [] }, 'EREG1036'],
    ['unknown person', { person: null, attendee: null, given, extraFields: [] }, 'EREG1036'],
    ['under review', { person, attendee: { ...attendee, status: 'auditing' }, given, extraFields: [] }, 'EREG1040'],
    ['rejected', { person, attendee: { ...attendee, status: 'rejected' }, given, extraFields: [] }, 'EREG1030'],
    ['disabled at the event', { person, attendee: { ...attendee, disabled: true }, given, extraFields: [...all] }, 'ELOG1012'],
    ['disabled while under review', { person, attendee: { ...attendee, status: 'auditing', disabled: true }, given, extraFields: [] }, 'ELOG1012'],
    ['wrong ID', { person, attendee, given: { ...given, idNumber: '11010519491231002X' }, extraFields: [...all] }, 'ELOG1008'],
    ['wrong visiting code', { person, attendee, given: { ...given, visitingCode: 'x' }, extraFields: [...all] }, 'ELOG1009'],
    ['wrong room', { person, attendee, given: { ...given, roomNumber: '1' }, extraFields: [...all] }, 'ELOG1010'],
    ['fields not required', { person, attendee, given: {}, extraFields: [] }, null],
  ] as const)('%s', (_n, input, msgId) => {
    const r = admit(input as Parameters<typeof admit>[0])
    expect(r?.msgId ?? null).toBe(msgId)
  })
  it('blank required fields are named before any secret is checked', () => {
    expect(missingExtraField([...all], {})).toBe('EVAL0007')
    expect(missingExtraField([...all], { idNumber: 'x' })).toBe('ELOG1009')
    expect(missingExtraField([...all], { idNumber: 'x', visitingCode: 'y', roomNumber: ' ' })).toBe('ELOG1010')
    expect(missingExtraField([], {})).toBeNull()
  })
})

describe('seed values', () => {
  it('the demo ID number is a valid resident ID', () => expect(isIdCard(DEMO_USER.idNumber)).toBe(true))
})

describe('masking', () => {
  it.each([
    [maskMobile('13800138000'), '138****8000'],
    [maskEmail('demo@example.com'), 'de***@example.com'],
    [maskEmail('a@b.cn'), 'a***@b.cn'],
  ])('%s', (got, want) => expect(got).toBe(want))
})

describe('dictionaries', () => {
  it('has the document types, country codes, genders and passenger types', () => {
    expect(dictItems('documentType').map((d) => d.value)).toEqual(
      expect.arrayContaining(['idCard', 'hkMacaoPass', 'taiwanPass', 'passport', 'foreignerPermanentResidence', 'hmtResidencePermit']),
    )
    expect(dictItems('countryCode').map((d) => d.value)).toEqual(
      expect.arrayContaining(['+86', '+852', '+853', '+886', '+1', '+44', '+81', '+82', '+65', '+61', '+49', '+33']),
    )
    expect(dictItems('gender').map((d) => d.value)).toEqual(['male', 'female', 'confidential'])
    expect(dictItems('passengerType').length).toBeGreaterThan(0)
    for (const d of dictItems('countryCode')) expect(d.labelZh && d.labelEn).toBeTruthy()
  })
  it('unknown or inherited names are empty', () => {
    expect(dictItems('nope')).toEqual([])
    expect(dictItems('constructor')).toEqual([])
    expect(dictItems('__proto__')).toEqual([])
  })
})

describe('city tree', () => {
  it('provinces, cities, districts', () => {
    const provinces = cityTree(undefined, 1)
    expect(provinces.length).toBeGreaterThanOrEqual(31)
    expect(provinces[0]).toEqual({ code: '11', name: '北京市' })
    expect(cityTree('44').map((c) => c.name)).toContain('深圳市')
    expect(cityTree('4403').map((c) => c.name)).toContain('南山区')
    expect(cityTree('99')).toEqual([])
    expect(cityTree('4499')).toEqual([])
    const deep = cityTree(undefined, 3)
    expect(deep[0].children![0].children!.length).toBeGreaterThan(5)
    // the cache is not handed out: changing a result does not change the next one
    provinces[0].name = 'x'
    expect(cityTree(undefined, 1)[0].name).toBe('北京市')
  })
})

describe('config', () => {
  it('defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', tokenTtlHours: 72, isProduction: false })
    expect(c.databaseUrl).toBeUndefined()
  })
  it('reads the environment and refuses nonsense', () => {
    expect(loadConfig({ PORT: '8080', TOKEN_TTL_HOURS: '1', DATABASE_URL: 'postgres://x/y' })).toMatchObject({
      port: 8080,
      tokenTtlHours: 1,
      databaseUrl: 'postgres://x/y',
    })
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/)
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CODE_HASH_SECRET/)
    expect(loadConfig({ NODE_ENV: 'production', CODE_HASH_SECRET: 'x'.repeat(32), H5_ORIGINS: 'https://m.example.com', WECHAT_API: 'off' }).isProduction).toBe(
      true,
    )
  })
  it('timeouts for slow clients: on by default, configurable, never 0 (forever)', () => {
    expect(loadConfig({})).toMatchObject({ requestTimeoutMs: 30_000, connectionTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000 })
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '10000', CONNECTION_TIMEOUT_MS: '20000', KEEP_ALIVE_TIMEOUT_MS: '65000' })).toMatchObject({
      requestTimeoutMs: 10_000,
      connectionTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
    })
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/)
    expect(() => loadConfig({ CONNECTION_TIMEOUT_MS: 'soon' })).toThrow(/CONNECTION_TIMEOUT_MS/)
  })
  it('H5_ORIGINS: localhost and 127.0.0.1 on any port outside production, required in production', () => {
    expect(loadConfig({}).h5Origins).toEqual(['http://localhost:*', 'http://127.0.0.1:*'])
    expect(loadConfig({ H5_ORIGINS: ' https://m.example.com , https://event.example.cn:8443,' }).h5Origins).toEqual([
      'https://m.example.com',
      'https://event.example.cn:8443',
    ])
    expect(() => loadConfig({ NODE_ENV: 'production', CODE_HASH_SECRET: 'x'.repeat(32) })).toThrow(/H5_ORIGINS/)
    expect(() => loadConfig({ H5_ORIGINS: 'm.example.com' })).toThrow(/H5_ORIGINS/)
    expect(() => loadConfig({ H5_ORIGINS: 'https://m.example.com/login' })).toThrow(/H5_ORIGINS/)
  })
})
