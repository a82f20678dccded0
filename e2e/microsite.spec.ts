import { test, expect, type Page } from '@playwright/test'
import { COLLEAGUE, loginWithPassword } from './support'

/**
 * The demo event's microsite (server/src/microsite/demo.json), as an attendee goes through it:
 * both homes, an article, the album, the agenda, the map framed and the outside site in a new
 * window, module texts in both languages, the tip when it is switched off (SOON), login for
 * permission types 2-4, the permissions page for the wrong attendee type and the VIP who may.
 */
const Q = 'ehc=demo&ec=DEMO'
const GRID = `/pages/Sudoku_1/index?${Q}`
const ISO = `/pages/page2_2.5d/index?${Q}`
const detail = (page: string) => `/pages/Sudoku_1/detail?${Q}&page=${page}`

const shot = async (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
const tile = (page: Page, title: string) => page.locator('.ms-tile', { has: page.locator('.ms-tile__title', { hasText: title }) })
const block = (page: Page, title: string) => page.locator('.ms-iso-card', { has: page.locator('.ms-iso-card__title', { hasText: title }) })

test.use({ viewport: { width: 375, height: 812 } })

test.describe('the microsite, as a guest', () => {
  test('the grid home: nine tiles in Chinese, locks on the pages that need more, its own window title', async ({ page }) => {
    await page.goto(GRID)
    await expect(page.locator('.ms-tile__title')).toHaveCount(9)
    await expect(page.locator('.ms-tile__title').first()).toHaveText('大会介绍')
    await expect(page.locator('.ms-banner__title')).toHaveText('会议指南')
    await expect(tile(page, '参会者专区').locator('.ms-lock')).toHaveText('登录后可见')
    await expect(tile(page, 'VIP 专区').locator('.ms-lock')).toHaveText('登录后可见')
    await expect(page).toHaveTitle('2026 全球开发者大会 · 会议微站')
    // the tile pictures come from the server's /files/ and are drawn
    const icon = page.locator('.ms-tile__icon img').first()
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await shot(page, 'grid-zh')
  })

  test('module texts change with the language, and back', async ({ page }) => {
    await page.goto(GRID)
    await expect(page.locator('.ms-tile__title').first()).toHaveText('大会介绍')
    await page.locator('.language-switch:visible').click()
    await expect(page.locator('.ms-tile__title')).toHaveText([
      'About',
      'Agenda',
      'Venue & travel',
      'Keynote',
      'Highlights',
      "Organiser's site",
      'Attendee lounge',
      'Materials',
      'VIP lounge',
    ])
    await expect(page.locator('.ms-banner__title')).toHaveText('Conference guide')
    await expect(page).toHaveTitle('GDC 2026 microsite')
    await shot(page, 'grid-en')
    await page.locator('.language-switch:visible').click()
    await expect(page.locator('.ms-tile__title').first()).toHaveText('大会介绍')
  })

  test('the 2.5D home, and from it the agenda on its detail page', async ({ page }) => {
    await page.goto(ISO)
    await expect(page.locator('.ms-iso-card__title').first()).toHaveText('场馆地图')
    await expect(page.locator('.ms-banner__title')).toHaveText('展区导览')
    await shot(page, 'iso-zh')
    await block(page, '大会日程').click()
    await expect(page).toHaveURL(/\/pages\/page2_2\.5d\/detail\?ehc=demo&ec=DEMO&page=agenda/)
    await expect(page.locator('.ms-section__title')).toHaveText(['第一天 · 开幕', '第二天 · 技术分论坛', '第三天 · 闭幕'])
    await expect(page.locator('.ms-section').first().locator('li').first()).toContainText('签到与早餐')
  })

  test('an article with its pictures', async ({ page }) => {
    await page.goto(GRID)
    await tile(page, '主旨演讲').click()
    await expect(page).toHaveURL(/\/pages\/Sudoku_1\/detail\?ehc=demo&ec=DEMO&page=guide&article=keynote/)
    await expect(page.locator('.ms-article__title')).toHaveText('开幕主旨演讲：构建下一代应用')
    await expect(page.locator('.ms-article__date')).toHaveText('发布于 2026-11-02')
    const pictures = page.locator('.ms-rich img')
    await expect(pictures).toHaveCount(2)
    await pictures.first().scrollIntoViewIfNeeded()
    await expect.poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(720)
    // fits the phone
    expect((await pictures.first().boundingBox())!.width).toBeLessThanOrEqual(375)
    await expect(page.locator('.ms-rich blockquote')).toContainText('最好的应用')
    await shot(page, 'article-zh')
  })

  test('the album: phone-sized thumbnails loaded as they scroll into view, the next page at the bottom', async ({ page }) => {
    const thumbs = new Set<string>()
    page.on('request', (r) => {
      if (/\/files\/microsite\/demo\/album\//.test(r.url())) thumbs.add(r.url().split('/').pop()!)
    })
    // a short window, so most of the first page is out of view (and out of Taro's 300 px look-ahead)
    await page.setViewportSize({ width: 375, height: 200 })
    await page.goto(`${detail('guide')}&album=highlights`)
    await expect(page.locator('.ms-album__caption')).toHaveCount(8)
    await expect(page.locator('.ms-album__count')).toHaveText('共 14 张照片')
    await expect.poll(() => thumbs.size).toBeGreaterThan(0)
    await page.waitForTimeout(500)
    expect(thumbs.size).toBeLessThan(8)
    // only thumbnails (about 360 px wide), never the full photos, until one is opened
    expect([...thumbs].every((u) => u.endsWith('-thumb.jpg'))).toBe(true)
    // scrolling down loads the rest of the first page, and the bottom brings the second page
    await page.mouse.move(180, 100)
    for (let i = 0; i < 12 && (await page.locator('.ms-album__caption').count()) < 14; i++) {
      await page.mouse.wheel(0, 120)
      await page.waitForTimeout(150)
    }
    await expect(page.locator('.ms-album__caption')).toHaveCount(14)
    expect([1, 2, 3, 4, 5, 6, 7, 8].every((n) => thumbs.has(`photo-0${n}-thumb.jpg`))).toBe(true)

    await page.setViewportSize({ width: 375, height: 812 })
    await expect(page.locator('.ms-album__end')).toHaveText('已全部加载')
    await shot(page, 'album-zh')
  })

  test('the venue map of this site opens inside the app, and back', async ({ page }) => {
    await page.goto(ISO)
    await block(page, '场馆地图').click()
    await expect(page).toHaveURL(/\/pages\/page2_2\.5d\/webView\?ehc=demo&ec=DEMO&page=expo&module=map/)
    const frame = page.frameLocator('iframe.ms-web__frame')
    await expect(frame.locator('h1')).toHaveText('场馆地图 · Venue map')
    await shot(page, 'webview-frame-zh')
    await page.locator('.nav-bar__back:visible').click()
    await expect(page).toHaveURL(/\/pages\/page2_2\.5d\/index/)
  })

  test("the organiser's site opens in a new window, and there is a way back", async ({ page, context }) => {
    // no internet here: the outside site is answered by the test
    await context.route('https://www.example.com/**', (r) => r.fulfill({ contentType: 'text/html', body: '<h1>Organiser</h1>' }))
    await page.goto(GRID)
    await tile(page, '主办方官网').click()
    await expect(page).toHaveURL(/\/pages\/page2_2\.5d\/webView\?ehc=demo&ec=DEMO&page=guide&module=website/)
    await expect(page.locator('iframe')).toHaveCount(0)
    await expect(page.locator('.ms-web__tip')).toHaveText('该页面来自外部网站，将在新窗口中打开。')
    await shot(page, 'webview-window-zh')
    const [popup] = await Promise.all([context.waitForEvent('page'), page.locator('.ms-web__open-window').click()])
    await expect(popup.locator('h1')).toHaveText('Organiser')
    expect(popup.url()).toBe('https://www.example.com/')
    await popup.close()
    await page.locator('.ms-web__go-back').click()
    await expect(page).toHaveURL(/\/pages\/Sudoku_1\/index/)
  })

  test('a microsite that is switched off shows the "not enabled" tip', async ({ page }) => {
    await page.goto('/pages/Sudoku_1/index?ehc=soon&ec=SOON')
    await expect(page).toHaveURL(/\/cmsWebpageClose\?ehc=soon&ec=SOON/)
    await expect(page.locator('.notice__text')).toHaveText('会议网站尚未开启，请稍后再来')
    await shot(page, 'tip-zh')
  })
})

test.describe('who may see what', () => {
  test('a guest is sent to login by pages of type 2, 3 and 4, and by a microsite of type 2', async ({ page }) => {
    for (const code of ['lounge', 'materials', 'vip']) {
      await page.goto(detail(code))
      await expect(page).toHaveURL(/\/login\?ehc=demo&ec=DEMO/)
    }
    await page.goto(GRID)
    await tile(page, '参会者专区').click()
    await expect(page).toHaveURL(/\/login\?ehc=demo&ec=DEMO/)
    // LOCKED: the whole microsite is for logged-in attendees (permission type 2 on the event)
    await page.goto('/pages/Sudoku_1/index?ehc=locked&ec=LOCKED')
    await expect(page).toHaveURL(/\/login\?ehc=locked&ec=LOCKED/)
  })

  test('logged in as an attendee: types 2 and 3 open, the VIP page sends to the permissions page', async ({ page }) => {
    await loginWithPassword(page)
    await page.goto(GRID)
    await expect(tile(page, '参会者专区').locator('.ms-lock')).toHaveCount(0)
    await expect(tile(page, 'VIP 专区').locator('.ms-lock')).toHaveText('暂无权限')
    await tile(page, '参会者专区').click()
    await expect(page.locator('.ms-section__title')).toHaveText('欢迎来到参会者专区')
    await page.goto(detail('materials'))
    await expect(page.locator('.ms-section__title')).toHaveText('演讲资料')
    await page.goto(GRID)
    await tile(page, 'VIP 专区').click()
    await expect(page).toHaveURL(/\/pages\/Sudoku_1\/permissions\?ehc=demo&ec=DEMO/)
    await expect(page.locator('.ms-permission__text')).toHaveText('您的参会身份暂无权限查看此页面')
    await shot(page, 'permissions-zh')
    await page.locator('.language-switch:visible').click()
    await expect(page.locator('.ms-permission__text')).toHaveText('Your attendee type does not give access to this page')
    await shot(page, 'permissions-en')
    await page.locator('.ms-permission__back').click()
    await expect(page).toHaveURL(/\/pages\/Sudoku_1\/index/)
  })

  test('logged in as the VIP: the VIP page opens', async ({ page }) => {
    await loginWithPassword(page, undefined, COLLEAGUE)
    await page.goto(GRID)
    await expect(tile(page, 'VIP 专区').locator('.ms-lock')).toHaveCount(0)
    await tile(page, 'VIP 专区').click()
    await expect(page).toHaveURL(/\/pages\/Sudoku_1\/detail\?ehc=demo&ec=DEMO&page=vip/)
    await expect(page.locator('.ms-section__title')).toHaveText('VIP 嘉宾服务')
    await page.locator('.language-switch:visible').click()
    await expect(page.locator('.ms-section__title')).toHaveText('VIP guest services')
    await shot(page, 'vip-en')
  })
})
