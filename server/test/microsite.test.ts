/**
 * The microsite calls (contracts/calls/microsite.ts): bad input, who sees what (permission types
 * 1-4 on the microsite and on a page, attendee types, a login of another event), records of other
 * events, languages, formats, album pages, a switched-off microsite; and the loader behind
 * `npm run microsite:load` (checks, one transaction, sanitising on save, the seed leaving an
 * organiser's microsite alone).
 *
 * The expected access is written out here by hand (not computed with accessOf), so a change to
 * the rule has to change these tables too.
 */
import { sql } from 'drizzle-orm'
import { guestLogin } from '@contracts/calls/auth'
import {
  getArticle,
  getArticleContent,
  getMicrositeAccess,
  getMicrositeByEventCode,
  getMicrositePage,
  listMicrositePages,
  listModuleTexts,
  listPageModules,
  pageAlbumPhotos,
} from '@contracts/calls/microsite'
import { MESSAGES } from '@contracts/messages'
import * as micrositeRepo from '../src/microsite/repositories/microsite'
import { COLLEAGUE_USER, DEMO_MICROSITE, DEMO_USER, LOCKED_ATTENDEE, LOCKED_EVENT, seed } from '../src/seed'
import { parseMicrositeFile } from '../src/microsite/rules/microsite-file'
import { MicrositeFileError, loadMicrosite } from '../src/microsite/load'
import { setup, type TestContext } from './helper'

let t: TestContext
/** logins: an attendee and a VIP of DEMO, and a login of another event (LOCKED) */
const tokens = { attendee: '', vip: '', otherEvent: '' }
type Viewer = 'guest' | keyof typeof tokens
const VIEWERS: Viewer[] = ['guest', 'attendee', 'vip', 'otherEvent']
const tokenOf = (v: Viewer) => (v === 'guest' ? undefined : tokens[v])

async function login(eventCode: string, userName: string, password: string, extra: object = {}): Promise<string> {
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode, userName, password, ...extra })
  expect(r.body.msgId).toBe('')
  return r.body.data.token
}

const load = (eventCode: string, file: unknown) => loadMicrosite(t.app.deps, eventCode, file)
const demoWith = (changes: object) => ({ ...DEMO_MICROSITE, ...changes })

beforeAll(async () => {
  t = await setup()
  await t.reset()
  tokens.attendee = await login('DEMO', DEMO_USER.userName, DEMO_USER.password)
  tokens.vip = await login('DEMO', COLLEAGUE_USER.userName, COLLEAGUE_USER.password)
  tokens.otherEvent = await login(LOCKED_EVENT.eventCode, DEMO_USER.userName, DEMO_USER.password, {
    idNumber: DEMO_USER.idNumber,
    ...LOCKED_ATTENDEE,
  })
})
afterAll(async () => t?.close())

const PAGE = { eventCode: 'DEMO', pageCode: 'guide' }
const ARTICLE = { ...PAGE, articleCode: 'welcome' }
const ALBUM = { ...PAGE, atlasCode: 'highlights', pageNo: 1, pageSize: 6 }

describe('bad input: a clear msgId, never a 5xx', () => {
  const CODE_65 = 'x'.repeat(65)
  const CASES: Array<[string, string, unknown[]]> = [
    ['getByEventCode', getMicrositeByEventCode.path, [{}, { eventCode: '' }, { eventCode: 1 }, { eventCode: CODE_65 }, { eventCode: ['DEMO'] }, { eventCode: null }]],
    ['getApi', getMicrositeAccess.path, [{}, { eventHashCode: '  ' }, { eventHashCode: {} }, { eventHashCode: CODE_65 }]],
    ['page list', listMicrositePages.path, [{}, { eventCode: 'DEMO', kind: 'other' }, { eventCode: 'DEMO', kind: 1 }]],
    ['page get', getMicrositePage.path, [{ eventCode: 'DEMO' }, { ...PAGE, pageCode: '' }, { ...PAGE, pageCode: CODE_65 }, { ...PAGE, pageCode: 7 }]],
    ['modules', listPageModules.path, [{ pageCode: 'guide' }, { ...PAGE, pageCode: null }]],
    ['module texts', listModuleTexts.path, [PAGE, { ...PAGE, format: 'xml' }, { ...PAGE, format: 1 }]],
    ['article', getArticle.path, [PAGE, { ...ARTICLE, articleCode: '' }, { ...ARTICLE, articleCode: { $ne: '' } }]],
    ['article content', getArticleContent.path, [ARTICLE, { ...ARTICLE, format: 'HTML' }, { ...ARTICLE, format: 'nodes', articleCode: CODE_65 }]],
    [
      'album page',
      pageAlbumPhotos.path,
      [
        { ...ALBUM, pageNo: 0 },
        { ...ALBUM, pageNo: -1 },
        { ...ALBUM, pageNo: 1.5 },
        { ...ALBUM, pageNo: '1' },
        { ...ALBUM, pageSize: 0 },
        { ...ALBUM, pageSize: 51 },
        { ...ALBUM, pageSize: null },
        { ...ALBUM, atlasCode: '' },
        { eventCode: 'DEMO', atlasCode: 'highlights', pageNo: 1, pageSize: 6 },
      ],
    ],
  ]
  it.each(CASES.flatMap(([name, path, bodies]) => bodies.map((b) => [name, path, b] as const)))('%s %j → EVAL0001', async (_n, path, body) => {
    const r = await t.post(path, body, { lang: 'en' })
    expect(r.statusCode).toBe(200)
    expect(r.body).toEqual({ status: 0, msgId: 'EVAL0001', msgText: MESSAGES.EVAL0001.en, data: null })
  })

  it.each(CASES.map(([name, path]) => [name, path] as const))('%s: unparseable JSON → EVAL0001', async (_n, path) => {
    const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json' }, payload: '{"eventCode": ' })
    expect(res.statusCode).toBe(200)
    expect(res.json().msgId).toBe('EVAL0001')
  })

  it.each([
    [getMicrositeByEventCode.path, { eventCode: 'NOPE' }],
    [getMicrositeAccess.path, { eventHashCode: 'nope' }],
    [listMicrositePages.path, { eventCode: 'NOPE' }],
    [getMicrositePage.path, { ...PAGE, eventCode: 'NOPE' }],
    [listPageModules.path, { ...PAGE, eventCode: 'NOPE' }],
    [listModuleTexts.path, { ...PAGE, eventCode: 'NOPE', format: 'html' }],
    [getArticle.path, { ...ARTICLE, eventCode: 'NOPE' }],
    [getArticleContent.path, { ...ARTICLE, eventCode: 'NOPE', format: 'html' }],
    [pageAlbumPhotos.path, { ...ALBUM, eventCode: 'NOPE' }],
  ])('%s of an unknown event → EEVT1001', async (path, body) => {
    expect((await t.post(path, body)).body).toMatchObject({ status: 0, msgId: 'EEVT1001', msgText: MESSAGES.EEVT1001.zh })
  })

  it.each([
    [getMicrositePage.path, { ...PAGE, pageCode: 'nope' }],
    [listPageModules.path, { ...PAGE, pageCode: 'nope' }],
    [listModuleTexts.path, { ...PAGE, pageCode: 'nope', format: 'html' }],
    [getArticle.path, { ...ARTICLE, articleCode: 'nope' }],
    [getArticleContent.path, { ...ARTICLE, pageCode: 'nope', format: 'html' }],
    [pageAlbumPhotos.path, { ...ALBUM, atlasCode: 'nope' }],
    // an article or album that exists, asked for through a page that does not link to it
    [getArticle.path, { ...ARTICLE, pageCode: 'agenda' }],
    [getArticleContent.path, { ...ARTICLE, pageCode: 'venue', format: 'nodes' }],
    [pageAlbumPhotos.path, { ...ALBUM, pageCode: 'agenda' }],
  ])('%s %j → ESYS0004', async (path, body) => {
    expect((await t.post(path, body)).body.msgId).toBe('ESYS0004')
  })
})

describe('records of another event are not reachable by code', () => {
  const OTHER = {
    version: 1,
    enabled: true,
    titleZh: '闭门峰会微站',
    titleEn: 'Summit microsite',
    permissionType: 1,
    pages: [
      {
        code: 'secret',
        kind: 'home',
        titleZh: '内部',
        titleEn: 'Internal',
        modules: [
          { code: 'n', kind: 'article', target: 'locked-news', texts: { zh: { title: '新闻' } } },
          { code: 'p', kind: 'album', target: 'locked-photos', texts: { zh: { title: '相册' } } },
        ],
      },
    ],
    articles: [{ code: 'locked-news', titleZh: '内部新闻', titleEn: 'News', publishedAt: '2026-01-01T09:00:00+08:00', contentZh: '<p>内部</p>', contentEn: '<p>Internal</p>' }],
    albums: [{ code: 'locked-photos', titleZh: '内部', titleEn: 'Internal', photos: [{ url: '/files/a.jpg', width: 10, height: 10 }] }],
  }
  beforeAll(async () => {
    await load(LOCKED_EVENT.eventCode, OTHER)
  })
  afterAll(async () => {
    await load(LOCKED_EVENT.eventCode, { ...OTHER, permissionType: 2 })
  })

  it('the other event reads them', async () => {
    expect((await t.post(getArticle.path, { eventCode: 'LOCKED', pageCode: 'secret', articleCode: 'locked-news' })).body.data.titleEn).toBe('News')
  })

  it.each([
    [getMicrositePage.path, { ...PAGE, pageCode: 'secret' }],
    [listPageModules.path, { ...PAGE, pageCode: 'secret' }],
    [getArticle.path, { ...ARTICLE, articleCode: 'locked-news' }],
    [getArticleContent.path, { ...ARTICLE, articleCode: 'locked-news', format: 'html' }],
    [pageAlbumPhotos.path, { ...ALBUM, atlasCode: 'locked-photos' }],
  ])('DEMO asking for %s %j → ESYS0004, like a missing one', async (path, body) => {
    for (const v of VIEWERS) expect((await t.post(path, body, { token: tokenOf(v) })).body.msgId).toBe('ESYS0004')
  })
})

/** what each viewer gets, by rule (written out, see the file comment) */
const EXPECTED: Record<string, Record<Viewer, 'allow' | 'login' | 'forbidden'>> = {
  type1: { guest: 'allow', attendee: 'allow', vip: 'allow', otherEvent: 'allow' },
  type2: { guest: 'login', attendee: 'allow', vip: 'allow', otherEvent: 'login' },
  type3: { guest: 'login', attendee: 'allow', vip: 'allow', otherEvent: 'login' },
  type4: { guest: 'login', attendee: 'forbidden', vip: 'allow', otherEvent: 'login' },
}
const REFUSAL = { allow: '', login: 'ECMS1002', forbidden: 'ECMS1003' }

describe('permission types 1-4 on the whole microsite', () => {
  afterAll(async () => {
    await load('DEMO', DEMO_MICROSITE)
  })

  it.each([1, 2, 3, 4])('type %i: the describing calls say the access, the content calls refuse', async (type) => {
    await load('DEMO', demoWith({ permissionType: type, someUserTypes: type === 4 ? ['vip'] : [] }))
    for (const v of VIEWERS) {
      const expected = EXPECTED[`type${type}`][v]
      const token = tokenOf(v)
      const site = await t.post(getMicrositeAccess.path, { eventHashCode: 'demo' }, { token })
      expect([v, site.body.data]).toEqual([v, expect.objectContaining({ enabled: true, permissionType: type, access: expected })])
      expect((await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' }, { token })).body.data.access).toBe(expected)
      const home = (await t.post(listMicrositePages.path, { eventCode: 'DEMO', kind: 'home' }, { token })).body.data
      expect([v, home.map((p: { access: string }) => p.access)]).toEqual([v, [expected, expected]])
      const page = await t.post(getMicrositePage.path, PAGE, { token })
      expect(page.body.data.access).toBe(expected)
      expect(page.body.data.bannerUrl !== '').toBe(expected === 'allow')
      for (const [path, body] of [
        [listPageModules.path, PAGE],
        [listModuleTexts.path, { ...PAGE, format: 'html' }],
        [getArticle.path, ARTICLE],
        [getArticleContent.path, { ...ARTICLE, format: 'nodes' }],
        [pageAlbumPhotos.path, ALBUM],
      ] as const) {
        const r = await t.post(path, body, { token, lang: 'en' })
        expect([v, path, r.body.msgId]).toEqual([v, path, REFUSAL[expected]])
        if (expected !== 'allow') expect(r.body.data).toBeNull()
      }
    }
  })

  it('the event calls carry the same rule (the client guard reads it there)', async () => {
    await load('DEMO', demoWith({ permissionType: 4, someUserTypes: ['vip', 'speaker'] }))
    const e = (await t.post('/api/biz/cmsEventInfo/get', { eventCode: 'DEMO' })).body.data
    expect(e).toMatchObject({ permissionType: 4, someUserTypes: ['vip', 'speaker'] })
  })
})

describe('a page for logged-in attendees, and a page for one attendee type', () => {
  it.each([
    ['lounge', 'type2'],
    ['materials', 'type3'],
    ['vip', 'type4'],
  ])('page %s (%s)', async (pageCode, rule) => {
    const body = { eventCode: 'DEMO', pageCode }
    for (const v of VIEWERS) {
      const expected = EXPECTED[rule][v]
      const token = tokenOf(v)
      expect((await t.post(getMicrositePage.path, body, { token })).body.data.access).toBe(expected)
      const modules = await t.post(listPageModules.path, body, { token })
      const texts = await t.post(listModuleTexts.path, { ...body, format: 'html' }, { token })
      expect([v, modules.body.msgId, texts.body.msgId]).toEqual([v, REFUSAL[expected], REFUSAL[expected]])
      if (expected === 'allow') expect(texts.body.data.length).toBeGreaterThan(0)
      // the home's tile for it carries the lock
      const tiles = (await t.post(listPageModules.path, PAGE, { token })).body.data as Array<{ target: string; targetAccess: string }>
      expect(tiles.find((m) => m.target === pageCode)?.targetAccess).toBe(expected)
    }
  })

  it('the refusal is in the caller\'s language', async () => {
    const r = await t.post(listPageModules.path, { eventCode: 'DEMO', pageCode: 'vip' }, { token: tokens.attendee, lang: 'en' })
    expect(r.body).toEqual({ status: 0, msgId: 'ECMS1003', msgText: MESSAGES.ECMS1003.en, data: null })
    const g = await t.post(listPageModules.path, { eventCode: 'DEMO', pageCode: 'lounge' })
    expect(g.body).toEqual({ status: 0, msgId: 'ECMS1002', msgText: MESSAGES.ECMS1002.zh, data: null })
  })

  it('a page rule adds to the microsite rule: a VIP-only microsite keeps attendees out of its login-only page', async () => {
    await load('DEMO', demoWith({ permissionType: 4, someUserTypes: ['vip'] }))
    try {
      expect((await t.post(listPageModules.path, { eventCode: 'DEMO', pageCode: 'lounge' }, { token: tokens.attendee })).body.msgId).toBe('ECMS1003')
      expect((await t.post(listPageModules.path, { eventCode: 'DEMO', pageCode: 'lounge' }, { token: tokens.vip })).body.msgId).toBe('')
    } finally {
      await load('DEMO', DEMO_MICROSITE)
    }
  })

  it('an unknown or expired token is a guest here, not an error (optional login)', async () => {
    const r = await t.post(getMicrositeAccess.path, { eventHashCode: 'demo' }, { token: 'f'.repeat(64) })
    expect(r.body.data.access).toBe('allow')
    expect((await t.post(listPageModules.path, { eventCode: 'DEMO', pageCode: 'lounge' }, { token: 'junk' })).body.msgId).toBe('ECMS1002')
  })
})

describe('switched off', () => {
  it('SOON has a microsite that is not switched on: described as closed, no content', async () => {
    const m = (await t.post(getMicrositeAccess.path, { eventHashCode: 'soon' })).body.data
    expect(m).toMatchObject({ eventCode: 'SOON', enabled: false })
    for (const [path, body] of [
      [listMicrositePages.path, { eventCode: 'SOON' }],
      [getMicrositePage.path, { eventCode: 'SOON', pageCode: 'guide' }],
      [listPageModules.path, { eventCode: 'SOON', pageCode: 'guide' }],
      [listModuleTexts.path, { eventCode: 'SOON', pageCode: 'guide', format: 'nodes' }],
      [getArticle.path, { eventCode: 'SOON', pageCode: 'guide', articleCode: 'welcome' }],
      [getArticleContent.path, { eventCode: 'SOON', pageCode: 'guide', articleCode: 'welcome', format: 'html' }],
      [pageAlbumPhotos.path, { ...ALBUM, eventCode: 'SOON' }],
    ] as const) {
      expect([path, (await t.post(path, body, { lang: 'en' })).body]).toEqual([
        path,
        { status: 0, msgId: 'ECMS1001', msgText: MESSAGES.ECMS1001.en, data: null },
      ])
    }
  })

  it('an event without a microsite, and a closed event with one, are closed too', async () => {
    expect((await t.post(getMicrositeByEventCode.path, { eventCode: 'PAST' })).body.data).toMatchObject({ enabled: false })
    await load('CLOSED', DEMO_MICROSITE)
    expect((await t.post(getMicrositeByEventCode.path, { eventCode: 'CLOSED' })).body.data).toMatchObject({ enabled: false })
    expect((await t.post(listPageModules.path, { eventCode: 'CLOSED', pageCode: 'guide' })).body.msgId).toBe('ECMS1001')
  })
})

describe('content', () => {
  it('page list: homes of both styles, then the detail pages, in the file\'s order', async () => {
    const all = (await t.post(listMicrositePages.path, { eventCode: 'DEMO' })).body.data as Array<{ pageCode: string; kind: string; style: string }>
    expect(all.map((p) => p.pageCode)).toEqual(['guide', 'expo', 'agenda', 'venue', 'lounge', 'materials', 'vip'])
    const homes = (await t.post(listMicrositePages.path, { eventCode: 'DEMO', kind: 'home' })).body.data
    expect(homes.map((p: { style: string }) => p.style)).toEqual(['sudoku', '2.5d'])
  })

  it('modules of the grid home: nine tiles, one of each kind but text, a link that may not be framed', async () => {
    const m = (await t.post(listPageModules.path, PAGE)).body.data as Array<{ moduleCode: string; kind: string; target: string; embeddable: boolean; icon: string }>
    expect(m).toHaveLength(9)
    expect(new Set(m.map((x) => x.kind))).toEqual(new Set(['article', 'page', 'album', 'link']))
    expect(m.find((x) => x.kind === 'link')).toMatchObject({ target: 'https://www.example.com/', embeddable: false })
    expect(m.every((x) => x.icon.startsWith('/files/'))).toBe(true)
  })

  it('module texts in the caller\'s language', async () => {
    const zh = (await t.post(listModuleTexts.path, { ...PAGE, format: 'html' }, { lang: 'zh' })).body.data
    const en = (await t.post(listModuleTexts.path, { ...PAGE, format: 'html' }, { lang: 'en-US' })).body.data
    expect(zh[1]).toMatchObject({ moduleCode: 'agenda', lang: 'zh', title: '大会日程', content: null })
    expect(en[1]).toMatchObject({ moduleCode: 'agenda', lang: 'en', title: 'Agenda' })
  })

  it('falls back to the other language where one was left out', async () => {
    const file = structuredClone(DEMO_MICROSITE) as typeof DEMO_MICROSITE
    delete (file.pages[0].modules[0].texts as { en?: unknown }).en
    file.articles[0].contentEn = ''
    await load('DEMO', file)
    try {
      const en = (await t.post(listModuleTexts.path, { ...PAGE, format: 'html' }, { lang: 'en' })).body.data
      expect(en[0]).toMatchObject({ moduleCode: 'about', lang: 'zh', title: '大会介绍' })
      expect(en[1]).toMatchObject({ lang: 'en' })
      const c = (await t.post(getArticleContent.path, { ...ARTICLE, format: 'html' }, { lang: 'en' })).body.data
      expect(c.lang).toBe('zh')
      expect(c.content.html).toContain('欢迎来到上海')
    } finally {
      await load('DEMO', DEMO_MICROSITE)
    }
  })

  it('text modules: html for H5, rich-text nodes for the mini-program', async () => {
    const body = { eventCode: 'DEMO', pageCode: 'agenda' }
    const html = (await t.post(listModuleTexts.path, { ...body, format: 'html' }, { lang: 'en' })).body.data
    expect(html[0].content).toEqual({ format: 'html', html: expect.stringContaining('<li><strong>09:00</strong> Check-in and breakfast</li>') })
    const nodes = (await t.post(listModuleTexts.path, { ...body, format: 'nodes' }, { lang: 'en' })).body.data
    expect(nodes[0].content.format).toBe('nodes')
    expect(nodes[0].content.nodes[0]).toMatchObject({ name: 'ul', children: expect.any(Array) })
    expect(JSON.stringify(nodes[0].content)).not.toContain('<')
  })

  it('article card and body; pictures in the nodes never overflow the phone', async () => {
    const card = (await t.post(getArticle.path, ARTICLE)).body.data
    expect(card).toEqual({
      articleCode: 'welcome',
      titleZh: '欢迎参加 2026 全球开发者大会',
      titleEn: 'Welcome to the 2026 Global Developer Conference',
      summaryZh: expect.any(String),
      summaryEn: expect.any(String),
      coverUrl: '/files/microsite/demo/welcome-cover.jpg',
      publishedAt: '2026-11-01T09:00:00+08:00',
    })
    const nodes = (await t.post(getArticleContent.path, { ...ARTICLE, format: 'nodes' }, { lang: 'en' })).body.data
    const img = JSON.stringify(nodes.content.nodes).match(/\{"name":"img","attrs":\{[^}]*\}\}/)?.[0]
    expect(JSON.parse(img!).attrs).toMatchObject({ src: '/files/microsite/demo/welcome-1.jpg', style: expect.stringContaining('max-width:100%') })
  })

  it('album pages: 14 photos by 6, the last page short, past the end empty', async () => {
    const page = async (pageNo: number) => (await t.post(pageAlbumPhotos.path, { ...ALBUM, pageNo })).body.data
    const first = await page(1)
    expect(first).toMatchObject({ atlasCode: 'highlights', total: 14, pageNo: 1, pageSize: 6, titleEn: 'Highlights' })
    expect(first.list).toHaveLength(6)
    expect(first.list[0]).toEqual({
      url: '/files/microsite/demo/album/photo-01.jpg',
      thumbUrl: '/files/microsite/demo/album/photo-01-thumb.jpg',
      width: 720,
      height: 480,
      captionZh: '开幕式',
      captionEn: 'Opening ceremony',
    })
    expect((await page(3)).list.map((p: { url: string }) => p.url.slice(-12))).toEqual(['photo-13.jpg', 'photo-14.jpg'])
    expect(await page(4)).toMatchObject({ total: 14, list: [] })
    // the 2.5D home links the same album
    expect((await t.post(pageAlbumPhotos.path, { ...ALBUM, pageCode: 'expo' })).body.data.total).toBe(14)
  })

  it('the demo pictures are served from /files/', async () => {
    const res = await (await t.buildApp()).inject({ method: 'GET', url: '/files/microsite/demo/album/photo-01-thumb.jpg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    const missing = await t.app.inject({ method: 'GET', url: '/files/microsite/nope.jpg' })
    expect(missing.statusCode).toBe(404)
  })
})

describe('loading a microsite file', () => {
  afterAll(async () => {
    await load('DEMO', DEMO_MICROSITE)
  })

  it('the demo file passes and says what it loaded', async () => {
    await expect(load('DEMO', DEMO_MICROSITE)).resolves.toEqual({
      eventCode: 'DEMO',
      replaced: true,
      pages: 7,
      modules: 27,
      articles: 2,
      albums: 1,
      photos: 14,
    })
  })

  const bad = (change: (f: Record<string, any>) => void) => {
    const f = structuredClone(DEMO_MICROSITE) as Record<string, any>
    change(f)
    return f
  }
  it.each([
    ['not an object', () => 'hello', '(file): '],
    ['another version', () => bad((f) => (f.version = 2)), 'version: version must be 1'],
    ['a field it does not know', () => bad((f) => (f.colour = 'red')), '(file): Unrecognized key: "colour"'],
    ['a page code twice', () => bad((f) => (f.pages[3].code = 'agenda')), 'pages: the page code "agenda" is used twice'],
    ['a module pointing at nothing', () => bad((f) => (f.pages[0].modules[0].target = 'nope')), 'pages[0].modules[0].target: there is no article with the code "nope"'],
    ['type 4 without types', () => bad((f) => (f.pages[6].someUserTypes = [])), 'pages[6].someUserTypes: permissionType 4 needs the admitted attendee types'],
    ['permission type 5', () => bad((f) => (f.permissionType = 5)), 'permissionType: permissionType is 1 (anyone)'],
    ['no home page', () => bad((f) => f.pages.splice(0, 2)), 'pages: a microsite needs a home page'],
    ['a javascript: link', () => bad((f) => (f.pages[0].modules[5].target = 'javascript:alert(1)')), 'pages[0].modules[5].target: a link is an http(s) address'],
    ['a picture by data: address', () => bad((f) => (f.pages[0].banner = 'data:image/png;base64,AAAA')), 'pages[0].banner: a picture is a path on this server'],
    ['a text module without text', () => bad((f) => (f.pages[2].modules[0].texts.zh.html = f.pages[2].modules[0].texts.en.html = '')), 'pages[2].modules[0].texts: a text module needs its html'],
    ['a module kind it does not know', () => bad((f) => (f.pages[0].modules[0].kind = 'video')), "pages[0].modules[0].kind: a module's kind is one of"],
    ['a date without its offset', () => bad((f) => (f.articles[0].publishedAt = '2026-11-01 09:00')), 'articles[0].publishedAt: publishedAt is an ISO date-time'],
    ['a NUL character', () => bad((f) => (f.articles[1].titleEn = 'a\u0000b')), 'articles[1].titleEn: must not contain NUL characters'],
  ])('%s: refused with where and what, nothing written', async (_name, file, message) => {
    const before = await counts()
    const err = await load('DEMO', file()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MicrositeFileError)
    expect((err as MicrositeFileError).errors.join('\n')).toContain(message)
    expect(await counts()).toEqual(before)
  })

  it('an unknown event is refused', async () => {
    const err = await load('NOPE', DEMO_MICROSITE).catch((e: unknown) => e)
    expect((err as MicrositeFileError).errors).toEqual(['there is no event with the code "NOPE"'])
  })

  it('one transaction: a failure half way leaves the old microsite as it was', async () => {
    const before = await counts()
    const spy = jest.spyOn(micrositeRepo, 'insertPhotos').mockRejectedValueOnce(new Error('disk full'))
    try {
      await expect(load('DEMO', demoWith({ titleEn: 'Half written', permissionType: 2 }))).rejects.toThrow('disk full')
    } finally {
      spy.mockRestore()
    }
    expect(await counts()).toEqual(before)
    const site = (await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' })).body.data
    expect(site).toMatchObject({ titleEn: 'GDC 2026 microsite', permissionType: 1 })
  })

  it('rich text is sanitised on its way into the database', async () => {
    await load('DEMO', bad((f) => (f.articles[0].contentZh = '<p onclick="x()">安全<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">链接</a></p>')))
    const rows = await t.db.db.execute(sql`SELECT a.content_zh FROM cms_articles a JOIN events e ON e.id = a.event_id WHERE e.event_code = 'DEMO' AND a.article_code = 'welcome'`)
    const stored = ((rows as unknown as { rows: Array<{ content_zh: string }> }).rows ?? rows)[0].content_zh
    expect(stored).toBe('<p>安全<a>链接</a></p>')
  })

  it('a replaced microsite survives the seed that runs at every start', async () => {
    await load('DEMO', demoWith({ titleEn: 'Organiser edition', permissionType: 2 }))
    await seed(t.db.db, t.clock.now())
    expect((await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' })).body.data).toMatchObject({ titleEn: 'Organiser edition', permissionType: 2 })
  })

  it('the check alone (--check) says the same as the load', () => {
    expect(parseMicrositeFile(DEMO_MICROSITE)).toMatchObject({ ok: true })
    expect(parseMicrositeFile({})).toMatchObject({ ok: false, errors: expect.arrayContaining(['version: version must be 1']) })
  })
})

async function counts(): Promise<Record<string, number>> {
  const tables = ['cms_webpages', 'cms_webpage_pages', 'webpage_modules', 'webpage_module_langs', 'cms_articles', 'cms_atlases', 'cms_atlas_photos']
  const out: Record<string, number> = {}
  for (const name of tables) {
    const r = await t.db.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${name}`))
    out[name] = ((r as unknown as { rows: Array<{ n: number }> }).rows ?? (r as unknown as Array<{ n: number }>))[0].n
  }
  const e = await t.db.db.execute(sql`SELECT permission_type AS p FROM events WHERE event_code = 'DEMO'`)
  out.demoPermissionType = ((e as unknown as { rows: Array<{ p: number }> }).rows ?? (e as unknown as Array<{ p: number }>))[0].p
  return out
}
