/** The microsite calls: content (languages, formats, album pages). Set-up: microsite-support.ts. */
import { getArticle, getArticleContent, listMicrositePages, listModuleTexts, listPageModules, pageAlbumPhotos } from '@contracts/calls/microsite'
import { DEMO_MICROSITE } from '../src/seed'
import { ALBUM, ARTICLE, PAGE, load, t, useMicrositeApp } from './microsite-support'

useMicrositeApp()

describe('content', () => {
  it("page list: homes of both styles, then the detail pages, in the file's order", async () => {
    const all = (await t.post(listMicrositePages.path, { eventCode: 'DEMO' })).body.data as Array<{ pageCode: string; kind: string; style: string }>
    expect(all.map((p) => p.pageCode)).toEqual(['guide', 'expo', 'agenda', 'venue', 'lounge', 'materials', 'vip'])
    const homes = (await t.post(listMicrositePages.path, { eventCode: 'DEMO', kind: 'home' })).body.data
    expect(homes.map((p: { style: string }) => p.style)).toEqual(['sudoku', '2.5d'])
  })

  it('modules of the grid home: nine tiles, one of each kind but text, a link that may not be framed', async () => {
    const m = (await t.post(listPageModules.path, PAGE)).body.data as Array<{
      moduleCode: string
      kind: string
      target: string
      embeddable: boolean
      icon: string
    }>
    expect(m).toHaveLength(9)
    expect(new Set(m.map((x) => x.kind))).toEqual(new Set(['article', 'page', 'album', 'link']))
    expect(m.find((x) => x.kind === 'link')).toMatchObject({ target: 'https://www.example.com/', embeddable: false })
    expect(m.every((x) => x.icon.startsWith('/files/'))).toBe(true)
  })

  it("module texts in the caller's language", async () => {
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
