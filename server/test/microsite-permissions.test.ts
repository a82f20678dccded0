/**
 * The microsite calls: who sees what (permission types 1-4, a page for logged-in attendees or one
 * attendee type, a switched-off microsite). The expected access is written out here by hand (not
 * computed with accessOf), so a change to the rule has to change these tables too. Set-up:
 * microsite-support.ts.
 */
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
import { DEMO_MICROSITE } from '../src/seed'
import { ALBUM, ARTICLE, PAGE, VIEWERS, Viewer, demoWith, load, t, tokenOf, tokens, useMicrositeApp } from './microsite-support'

useMicrositeApp()

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

  it("the refusal is in the caller's language", async () => {
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
