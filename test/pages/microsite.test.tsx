/**
 * The microsite pages (src/pages/Sudoku_1, src/pages/page2_2.5d) rendered whole against a fake
 * server: the two homes, module texts in the attendee's language (and again after a switch), the
 * window title the index keeps, tip / login / permissions when the server or the stored event say
 * so, an article's HTML cleaned again before it is shown, the album's pages, and the web-view page.
 */
import { fireEvent, render } from '@testing-library/react'
import { getEventByHash } from '@contracts/calls/event'
import {
  getArticle,
  getArticleContent,
  getMicrositeAccess,
  getMicrositePage,
  listMicrositePages,
  listModuleTexts,
  listPageModules,
  pageAlbumPhotos,
  type ModuleView,
  type PageSummary,
} from '@contracts/calls/microsite'
import MicrositeIndexPage from '@/pages/Sudoku_1/index'
import MicrositeDetailPage from '@/pages/Sudoku_1/detail'
import Microsite25dIndexPage from '@/pages/page2_2.5d/index'
import Microsite25dWebViewPage from '@/pages/page2_2.5d/webView'
import { useAppStore } from '@/store'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { EVENT, USER, bodiesTo, eventWith, eventually, ok, realDelay, requests, serve, urls } from '../support/fakeServer'
import { freshPageTest } from '../support/pageTest'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

const Q = 'ehc=demo&ec=E1'
const SITE = {
  eventCode: 'E1',
  eventHashCode: 'demo',
  enabled: true,
  titleZh: '年会微站',
  titleEn: 'Meeting microsite',
  permissionType: 1,
  someUserTypes: [],
  access: 'allow',
}
const page = (pageCode: string, v: Partial<PageSummary> = {}) => ({
  pageCode,
  kind: 'detail',
  style: 'sudoku',
  titleZh: `页面${pageCode}`,
  titleEn: `Page ${pageCode}`,
  permissionType: null,
  someUserTypes: [],
  access: 'allow',
  bannerUrl: '',
  ...v,
})
const HOMES = [
  page('guide', { kind: 'home', titleZh: '会议指南', titleEn: 'Guide' }),
  page('expo', { kind: 'home', style: '2.5d', titleZh: '展区导览', titleEn: 'Expo' }),
]
const mod = (moduleCode: string, kind: ModuleView['kind'], target: string, v: Partial<ModuleView> = {}): ModuleView => ({
  moduleCode,
  kind,
  icon: '',
  color: '#2563eb',
  target,
  embeddable: false,
  targetAccess: kind === 'page' ? 'allow' : null,
  ...v,
})
const MODULES = [
  mod('about', 'article', 'welcome'),
  mod('agenda', 'page', 'agenda'),
  mod('photos', 'album', 'highlights'),
  mod('site', 'link', 'https://www.example.com/'),
  mod('vip', 'page', 'vip', { targetAccess: 'forbidden' }),
]
const TEXTS: Record<string, Record<string, string>> = {
  zh: { about: '大会介绍', agenda: '大会日程', photos: '精彩瞬间', site: '主办方官网', vip: 'VIP 专区' },
  en: { about: 'About', agenda: 'Agenda', photos: 'Highlights', site: "Organiser's site", vip: 'VIP lounge' },
}
/** the language the client asked in (the server answers in its `lang` header) */
const langOfLastRequest = () => requests().at(-1)?.header.lang ?? 'zh'

function serveMicrosite(): void {
  serve({
    [getEventByHash.path]: () => ok(EVENT),
    [getMicrositeAccess.path]: () => ok(SITE),
    [listMicrositePages.path]: () => ok(HOMES),
    [getMicrositePage.path]: (b) => ok(b.pageCode === 'guide' ? HOMES[0] : b.pageCode === 'expo' ? HOMES[1] : page(String(b.pageCode))),
    [listPageModules.path]: () => ok(MODULES),
    [listModuleTexts.path]: () => {
      const lang = langOfLastRequest()
      return ok(MODULES.map((m) => ({ moduleCode: m.moduleCode, lang, title: TEXTS[lang][m.moduleCode], subtitle: '', content: null })))
    },
  })
}

const text = (selector: string) => Array.from(document.body.querySelectorAll(selector)).map((e) => e.textContent)
const redirects = () => taro.redirectTo.mock.calls.map(([o]) => o.url as string)

async function open(Page: () => JSX.Element, params: Record<string, string>) {
  setRouterParams({ ehc: 'demo', ec: 'E1', ...params })
  const r = render(<Page />)
  await realDelay()
  return r
}

beforeAll(() => {
  // lazily loaded pictures watch the viewport; jsdom has no IntersectionObserver
  ;(globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
})

beforeEach(() => {
  freshPageTest()
  serveMicrosite()
})

describe('the grid home', () => {
  it('shows the tiles in Chinese, asks for HTML (H5), and a lock on the page the attendee may not open', async () => {
    await open(MicrositeIndexPage, {})
    await eventually(() => expect(text('.ms-tile__title')).toEqual(['大会介绍', '大会日程', '精彩瞬间', '主办方官网', 'VIP 专区']))
    expect(bodiesTo(listModuleTexts.path)[0]).toMatchObject({ eventCode: 'E1', pageCode: 'guide', format: 'html' })
    expect(bodiesTo(getMicrositeAccess.path)[0]).toMatchObject({ eventHashCode: 'demo' })
    expect(text('.ms-lock')).toEqual(['暂无权限'])
    expect(text('.ms-banner__title')).toEqual(['会议指南'])
    // the other home is offered below
    expect(text('.ms-home__other')).toEqual(['展区导览›'])
  })

  it('module texts change with the language: asked for again in English', async () => {
    await open(MicrositeIndexPage, {})
    await eventually(() => expect(text('.ms-tile__title')[0]).toBe('大会介绍'))
    fireEvent.click(document.body.querySelector('.language-switch')!)
    await eventually(() => expect(text('.ms-tile__title')).toEqual(['About', 'Agenda', 'Highlights', "Organiser's site", 'VIP lounge']))
    const asked = requests()
      .filter((r) => r.url === listModuleTexts.path)
      .map((r) => r.header.lang)
    expect(asked).toEqual(['zh', 'en'])
    expect(text('.ms-banner__title')).toEqual(['Guide'])
  })

  it("keeps its own window title: the microsite's, in the attendee's language", async () => {
    await open(MicrositeIndexPage, {})
    await eventually(() => expect(document.title).toBe('年会微站'))
    fireEvent.click(document.body.querySelector('.language-switch')!)
    await eventually(() => expect(document.title).toBe('Meeting microsite'))
  })

  it("a tile opens its page, article or album on the grid's detail page, a link on the web-view page", async () => {
    await open(MicrositeIndexPage, {})
    await eventually(() => expect(text('.ms-tile__title')).toHaveLength(5))
    const tiles = document.body.querySelectorAll('.ms-tile')
    tiles.forEach((t) => fireEvent.click(t))
    expect(taro.navigateTo.mock.calls.map(([o]) => o.url)).toEqual([
      `/pages/Sudoku_1/detail?${Q}&page=guide&article=welcome`,
      `/pages/Sudoku_1/detail?${Q}&page=agenda`,
      `/pages/Sudoku_1/detail?${Q}&page=guide&album=highlights`,
      `/pages/page2_2.5d/webView?${Q}&page=guide&module=site`,
      `/pages/Sudoku_1/detail?${Q}&page=vip`,
    ])
  })
})

it('the 2.5D home shows its home as raised blocks', async () => {
  await open(Microsite25dIndexPage, {})
  await eventually(() => expect(text('.ms-iso-card__title')).toHaveLength(5))
  expect(bodiesTo(getMicrositePage.path)[0]).toMatchObject({ pageCode: 'expo' })
  expect(document.body.querySelector('.ms-iso-card--wide')).not.toBeNull()
})

describe('who may be here (spec §5, §6)', () => {
  it('a switched-off microsite sends to the "not enabled" tip, before any page is asked for', async () => {
    serve({ [getMicrositeAccess.path]: () => ok({ ...SITE, enabled: false }) })
    await open(MicrositeIndexPage, {})
    await eventually(() => expect(redirects()).toEqual([`/pages/Sudoku_1/tip?${Q}`]))
    expect(urls()).not.toContain(listMicrositePages.path)
    expect(document.body.querySelector('.ms-home')).toBeNull()
  })

  it('a guest where the server asks for a login goes to login', async () => {
    serve({ [getMicrositeAccess.path]: () => ok({ ...SITE, access: 'login' }) })
    await open(MicrositeIndexPage, {})
    await eventually(() => expect(redirects()).toEqual([`/pages/pagesUser/login/login?${Q}`]))
  })

  it('the guard already knows from the stored event: type 2 and no token → login, without asking the microsite', async () => {
    useAppStore.setState({ event: eventWith({ eventCode: 'E1', permissionType: 2 }), eventHashCode: 'demo', eventCode: 'E1' })
    await open(MicrositeIndexPage, {})
    // login comes back here afterwards (lib/router/guard.ts redirectOf)
    await eventually(() => expect(redirects()).toEqual([`/pages/pagesUser/login/login?${Q}&back=micrositeIndex`]))
    expect(urls()).not.toContain(getMicrositeAccess.path)
  })

  it('type 4 and an attendee of another type → the permissions page', async () => {
    useAppStore.setState({
      token: 'tok',
      user: { ...USER, userType: 'attendee' },
      event: eventWith({ eventCode: 'E1', permissionType: 4, someUserTypes: ['vip'] }),
      eventHashCode: 'demo',
      eventCode: 'E1',
    })
    await open(MicrositeIndexPage, {})
    await eventually(() => expect(redirects()).toEqual([`/pages/Sudoku_1/permissions?${Q}`]))
    expect(urls()).not.toContain(getMicrositeAccess.path)
  })

  it('a page for one attendee type: the detail page goes to permissions without asking for its content', async () => {
    serve({ [getMicrositePage.path]: () => ok(page('vip', { access: 'forbidden', permissionType: 4, someUserTypes: ['vip'] })) })
    await open(MicrositeDetailPage, { page: 'vip' })
    await eventually(() => expect(redirects()).toEqual([`/pages/Sudoku_1/permissions?${Q}`]))
    expect(urls()).not.toContain(listPageModules.path)
    expect(urls()).not.toContain(listModuleTexts.path)
  })

  it('a page for logged-in attendees sends a guest to login', async () => {
    serve({ [getMicrositePage.path]: () => ok(page('lounge', { access: 'login', permissionType: 2 })) })
    await open(MicrositeDetailPage, { page: 'lounge' })
    await eventually(() => expect(redirects()).toEqual([`/pages/pagesUser/login/login?${Q}`]))
  })
})

describe('detail pages', () => {
  it("a page's text modules are read in place", async () => {
    serve({
      [listPageModules.path]: () => ok([mod('day1', 'text', '')]),
      [listModuleTexts.path]: () =>
        ok([{ moduleCode: 'day1', lang: 'zh', title: '第一天', subtitle: 'A 馆', content: { format: 'html', html: '<ul><li>09:00 签到</li></ul>' } }]),
    })
    await open(MicrositeDetailPage, { page: 'agenda' })
    await eventually(() => expect(text('.ms-section__title')).toEqual(['第一天']))
    expect(document.body.querySelector('.ms-section .ms-rich li')?.textContent).toBe('09:00 签到')
    expect(text('.ms-detail__title')).toEqual(['页面agenda'])
  })

  it('an article: its card, and its HTML cleaned again before it is shown', async () => {
    serve({
      [getArticle.path]: () =>
        ok({
          articleCode: 'welcome',
          titleZh: '欢迎',
          titleEn: 'Welcome',
          summaryZh: '',
          summaryEn: '',
          coverUrl: '/files/c.jpg',
          publishedAt: '2026-11-01T09:00:00+08:00',
        }),
      [getArticleContent.path]: () =>
        ok({
          articleCode: 'welcome',
          lang: 'zh',
          content: {
            format: 'html',
            html: '<p onclick="alert(1)">你好<script>alert(2)</script><a href="https://example.com">链接</a><img src="x" onerror="alert(3)"></p>',
          },
        }),
    })
    await open(MicrositeDetailPage, { page: 'guide', article: 'welcome' })
    await eventually(() => expect(text('.ms-article__title')).toEqual(['欢迎']))
    expect(text('.ms-article__date')).toEqual(['发布于 2026-11-01'])
    expect(bodiesTo(getArticleContent.path)[0]).toMatchObject({ pageCode: 'guide', articleCode: 'welcome', format: 'html' })
    // the article is read through the page: its access is asked first, no module list is needed
    expect(bodiesTo(getMicrositePage.path)[0]).toMatchObject({ pageCode: 'guide' })
    expect(urls()).not.toContain(listPageModules.path)
    // (Taro's View puts an empty comment first)
    await eventually(() =>
      expect(document.body.querySelector('.ms-rich')?.innerHTML.replace(/<!---->/g, '')).toBe(
        '<p>你好<a href="https://example.com" target="_blank" rel="noopener noreferrer">链接</a></p>',
      ),
    )
  })

  it('an album: a page of thumbnails, the next on "load more", then "all loaded"', async () => {
    const photo = (n: number) => ({
      url: `/files/p${n}.jpg`,
      thumbUrl: `/files/p${n}-t.jpg`,
      width: 720,
      height: 480,
      captionZh: `照片${n}`,
      captionEn: `Photo ${n}`,
    })
    serve({
      [pageAlbumPhotos.path]: (b) => {
        const pageNo = Number(b.pageNo)
        const list = pageNo === 1 ? [1, 2, 3, 4, 5, 6, 7, 8].map(photo) : pageNo === 2 ? [9, 10].map(photo) : []
        return ok({ atlasCode: 'highlights', titleZh: '精彩瞬间', titleEn: 'Highlights', total: 10, pageNo, pageSize: 8, list })
      },
    })
    await open(MicrositeDetailPage, { page: 'guide', album: 'highlights' })
    await eventually(() => expect(text('.ms-album__caption')).toHaveLength(8))
    expect(text('.ms-album__count')).toEqual(['共 10 张照片'])
    fireEvent.click(document.body.querySelector('.ms-album__more')!)
    await eventually(() => expect(text('.ms-album__caption')).toHaveLength(10))
    expect(text('.ms-album__end')).toEqual(['已全部加载'])
    expect(bodiesTo(pageAlbumPhotos.path).map((b) => [b.pageNo, b.pageSize])).toEqual([
      [1, 8],
      [2, 8],
    ])
    fireEvent.click(document.body.querySelectorAll('.ms-album__item')[9])
    expect(taro.previewImage).toHaveBeenCalledWith({ urls: expect.arrayContaining(['/files/p1.jpg', '/files/p10.jpg']), current: '/files/p10.jpg' })
  })

  it('an address without a page says there is nothing to show', async () => {
    await open(MicrositeDetailPage, { article: 'welcome' })
    await eventually(() => expect(document.body.textContent).toContain('内容不存在或已下线'))
  })
})

describe('the web-view page on H5', () => {
  it('an outside site that may not be framed: a button opens it in a new window, and a way back', async () => {
    const openSpy = jest.spyOn(window, 'open').mockImplementation(() => null)
    await open(Microsite25dWebViewPage, { page: 'guide', module: 'site' })
    await eventually(() => expect(document.body.querySelector('.ms-web__open-window')).not.toBeNull())
    expect(document.body.querySelector('iframe')).toBeNull()
    fireEvent.click(document.body.querySelector('.ms-web__open-window')!)
    expect(openSpy).toHaveBeenCalledWith('https://www.example.com/', '_blank', 'noopener,noreferrer')
    // the app's bar has "back" on H5 (the weapp web-view keeps WeChat's own bar)
    expect(text('.nav-bar__back-text')).toEqual(['返回'])
    expect(text('.ms-web__go-back')).toEqual(['返回'])
    openSpy.mockRestore()
  })

  it('a page of this site is shown inside, sandboxed', async () => {
    serve({ [listPageModules.path]: () => ok([mod('map', 'link', '/files/map.html')]) })
    await open(Microsite25dWebViewPage, { page: 'expo', module: 'map' })
    await eventually(() => expect(document.body.querySelector('iframe.ms-web__frame')).not.toBeNull())
    const frame = document.body.querySelector('iframe.ms-web__frame')!
    expect(frame.getAttribute('src')).toBe('/files/map.html')
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin')
  })

  it('a module code that is not a link of the page: nothing is framed', async () => {
    await open(Microsite25dWebViewPage, { page: 'guide', module: 'agenda' })
    await eventually(() => expect(document.body.textContent).toContain('内容不存在或已下线'))
    expect(document.body.querySelector('iframe')).toBeNull()
  })
})
