/** The microsite calls: bad input, and records of another event not reachable by code. Set-up: microsite-support.ts. */
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
import { LOCKED_EVENT } from '../src/seed'
import { ALBUM, ARTICLE, PAGE, VIEWERS, load, t, tokenOf, useMicrositeApp } from './microsite-support'

useMicrositeApp()

describe('bad input: a clear msgId, never a 5xx', () => {
  const CODE_65 = 'x'.repeat(65)
  const CASES: Array<[string, string, unknown[]]> = [
    [
      'getByEventCode',
      getMicrositeByEventCode.path,
      [{}, { eventCode: '' }, { eventCode: 1 }, { eventCode: CODE_65 }, { eventCode: ['DEMO'] }, { eventCode: null }],
    ],
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
    articles: [
      {
        code: 'locked-news',
        titleZh: '内部新闻',
        titleEn: 'News',
        publishedAt: '2026-01-01T09:00:00+08:00',
        contentZh: '<p>内部</p>',
        contentEn: '<p>Internal</p>',
      },
    ],
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
