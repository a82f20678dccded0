import { test, expect, type Page } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './a11y-support'
import { ORGANISER, consoleLogin, shot } from './console-support'

/**
 * The console's content and travel policy pages, in Chinese and in English: the organiser opens
 * DEMO's registration form as JSON, breaks a field's key and sees it marked at its place and
 * listed (a click goes there), fixes it and gives the company field a label of this run, sees it
 * in the preview, publishes, and finds it on the attendee H5 form; uploads a picture and gets its
 * address; sets a flight price cap and finds it saved. Escape then Tab leaves the editor. axe on
 * every page. What a run changes on DEMO it puts back (other specs read DEMO's form and policy).
 * Screenshots go to /work/shots/console (E2E_SHOTS).
 */
test.use({ viewport: { width: 1280, height: 900 } })
test.setTimeout(180_000)

const TEXTS = {
  zh: {
    login: { userName: '用户名', password: '密码', submit: '登录' },
    contentLink: '内容',
    travelLink: '差旅政策',
    formTab: '报名表与日程',
    micrositeTab: '微站',
    picturesTab: '图片',
    editor: '报名表与日程 JSON',
    check: /^检\s?查$/,
    publish: /^发\s?布$/,
    ok: /确\s?定$/,
    published: '已发布',
    noProblems: '检查通过，没有问题',
    upload: '上传图片',
    uploaded: '已上传',
    priceCap: '票价上限（元，不含税）',
    save: /^保\s?存$/,
    saved: '已保存',
    label: '工作单位（中文测试）',
    tile: '大会介绍（微站测试）',
  },
  en: {
    login: { userName: 'User name', password: 'Password', submit: 'Log in' },
    contentLink: 'Content',
    travelLink: 'Travel policy',
    formTab: 'Registration form and agenda',
    micrositeTab: 'Microsite',
    picturesTab: 'Pictures',
    editor: 'Registration form and agenda JSON',
    check: /^Check$/,
    publish: /^Publish$/,
    ok: /OK$/,
    published: 'Published',
    noProblems: 'Checked: no problems',
    upload: 'Upload a picture',
    uploaded: 'Uploaded',
    priceCap: 'Price cap (yuan, without taxes)',
    save: /^Save$/,
    saved: 'Saved',
    label: 'Employer (English run)',
    tile: 'About (microsite run)',
  },
} as const

/** a 1×1 PNG */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

// the editor's text, as a person pasting a whole file would replace it
const editorText = (page: Page) =>
  page.evaluate(() =>
    (
      document.querySelector('.cm-content') as unknown as { cmTile: { root: { view: { state: { doc: { toString(): string } } } } } }
    ).cmTile.root.view.state.doc.toString(),
  )
const setEditorText = (page: Page, text: string) =>
  page.evaluate((t) => {
    const view = (
      document.querySelector('.cm-content') as unknown as { cmTile: { root: { view: { state: { doc: { length: number } }; dispatch(tr: unknown): void } } } }
    ).cmTile.root.view
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } })
  }, text)
const selectedText = (page: Page) =>
  page.evaluate(() => {
    const view = (
      document.querySelector('.cm-content') as unknown as {
        cmTile: { root: { view: { state: { selection: { main: { from: number; to: number } }; sliceDoc(a: number, b: number): string } } } }
      }
    ).cmTile.root.view
    const { from, to } = view.state.selection.main
    return view.state.sliceDoc(from, to)
  })

type MicrositeFile = { pages: Array<{ modules: Array<{ texts: Record<'zh' | 'en', { title: string }> }> }> }

type FormFile = { attendeeTypes: Array<{ code: string; fields: Array<{ key: string; labelZh?: string; labelEn?: string }> }> }

for (const lang of ['zh', 'en'] as const) {
  const t = TEXTS[lang]
  test(`${lang}: edit the form JSON with its problems marked, preview, publish and see it in H5; upload a picture; set the travel policy`, async ({ page }) => {
    await page.goto('/admin/')
    if (lang === 'en') await page.getByRole('button', { name: 'English' }).click()
    await consoleLogin(page, ORGANISER, t.login)
    // the organiser's one event, DEMO: its content page from the event list
    await page.getByRole('link', { name: t.contentLink, exact: true }).click()
    await expect(page.getByRole('tab', { name: t.formTab })).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('.cm-content')).toBeVisible()
    const original = await editorText(page)
    const file = JSON.parse(original) as FormFile
    const fields = file.attendeeTypes[0].fields
    const at = fields.findIndex((f) => f.key === 'company')
    await expectNoSeriousAxeViolations(page, `content form (${lang})`)

    // a broken key: marked at its place, listed, and the list goes there
    fields[at].key = 'companyX'
    await setEditorText(page, JSON.stringify(file, null, 2))
    await page.getByRole('button', { name: t.check }).click()
    const place = `attendeeTypes[0].fields[${at}].key`
    const problem = page.locator('.content-problem', { hasText: place })
    await expect(problem).toBeVisible()
    await problem.click()
    expect(await selectedText(page)).toBe('"companyX"')
    await expect(page.locator('.cm-lintRange-error', { hasText: 'companyX' })).toBeVisible()
    await shot(page, `content-problem-${lang}`)
    // the list's choice put the focus in the editor; Tab indents there, Escape then Tab leaves it
    const inEditor = () => page.evaluate(() => `${!!document.activeElement?.closest('.cm-editor')} ${document.activeElement?.className}`)
    expect(await inEditor()).toMatch(/^true/)
    await page.keyboard.press('Escape')
    await page.keyboard.press('Tab')
    expect(await inEditor()).toMatch(/^false/)
    // a refused publish keeps the draft
    await page.getByRole('button', { name: t.publish }).click()
    await page.getByRole('button', { name: t.ok }).click()
    await expect(problem).toBeVisible()
    expect(await editorText(page)).toContain('companyX')

    // fixed, with a label of this run
    fields[at].key = 'company'
    fields[at][lang === 'zh' ? 'labelZh' : 'labelEn'] = t.label
    await setEditorText(page, JSON.stringify(file, null, 2))
    await page.getByRole('button', { name: t.check }).click()
    await expect(page.getByText(t.noProblems)).toBeVisible()
    await expect(page.getByRole('cell', { name: t.label }).first()).toBeVisible()
    await expectNoSeriousAxeViolations(page, `content preview (${lang})`)
    await shot(page, `content-preview-${lang}`)
    await page.getByRole('button', { name: t.publish }).click()
    await page.getByRole('button', { name: t.ok }).click()
    await expect(page.getByText(t.published, { exact: true }).first()).toBeVisible()

    // the attendee H5 form shows it
    await page.goto('/pages/pagesUser/register/register?ehc=demo&ec=DEMO')
    if (lang === 'en') await page.locator('.language-switch').first().click()
    await page.locator('.reg-type--attendee').click()
    await expect(page.locator('.reg-field--attendee-company')).toContainText(t.label)
    await page.locator('.reg-field--attendee-company').scrollIntoViewIfNeeded()
    await shot(page, `content-h5-form-${lang}`)

    // put DEMO's form back as it was
    await page.goto('/admin/events/DEMO/content')
    await expect(page.locator('.cm-content')).toBeVisible()
    await setEditorText(page, original)
    await page.getByRole('button', { name: t.publish }).click()
    await page.getByRole('button', { name: t.ok }).click()
    await expect(page.getByText(t.published, { exact: true }).first()).toBeVisible()

    // a picture: uploaded, its address shown
    await page.getByRole('tab', { name: t.picturesTab }).click()
    await page.locator('.content-upload-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.locator('.content-picture-url')).toHaveText(/^\/files\/events\/demo\/[0-9a-f]{20}\.png$/)
    await expectNoSeriousAxeViolations(page, `content pictures (${lang})`)
    await shot(page, `content-pictures-${lang}`)

    // the travel policy: a price cap saved, then taken away again
    await page.goto('/admin/events/DEMO/travel')
    const cap = page.getByLabel(t.priceCap)
    await expect(cap).toBeVisible()
    const before = await cap.inputValue()
    await cap.fill(lang === 'zh' ? '1234' : '2345')
    await page.getByRole('button', { name: t.save }).click()
    await expect(page.getByText(t.saved).first()).toBeVisible()
    await expectNoSeriousAxeViolations(page, `travel policy (${lang})`)
    await shot(page, `travel-${lang}`)
    await page.reload()
    await expect(page.getByLabel(t.priceCap)).toHaveValue(lang === 'zh' ? /^1234(\.00)?$/ : /^2345(\.00)?$/)
    await page.getByLabel(t.priceCap).fill(before)
    await page.getByRole('button', { name: t.save }).click()
    await expect(page.getByText(t.saved).first()).toBeVisible()
  })
}

for (const lang of ['zh', 'en'] as const) {
  const t = TEXTS[lang]
  test(`${lang}: retitle a microsite tile in its JSON, publish, and see it on the attendee microsite`, async ({ page }) => {
    await page.goto('/admin/')
    if (lang === 'en') await page.getByRole('button', { name: 'English' }).click()
    await consoleLogin(page, ORGANISER, t.login)
    await page.getByRole('link', { name: t.contentLink, exact: true }).click()
    await page.getByRole('tab', { name: t.micrositeTab }).click()
    await expect(page.getByRole('tab', { name: t.micrositeTab })).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('.cm-content:visible')).toBeVisible()
    const original = await editorText(page)
    const file = JSON.parse(original) as MicrositeFile
    file.pages[0].modules[0].texts[lang].title = t.tile
    await setEditorText(page, JSON.stringify(file, null, 2))
    await page.getByRole('button', { name: t.check }).click()
    await expect(page.getByText(t.noProblems)).toBeVisible()
    await expectNoSeriousAxeViolations(page, `content microsite (${lang})`)
    await shot(page, `content-microsite-${lang}`)
    await page.getByRole('button', { name: t.publish }).click()
    await page.getByRole('button', { name: t.ok }).click()
    await expect(page.getByText(t.published, { exact: true }).first()).toBeVisible()

    // the attendee's microsite home shows the new title at once
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto('/pages/Sudoku_1/index?ehc=demo&ec=DEMO')
    if (lang === 'en') await page.locator('.language-switch:visible').click()
    await expect(page.locator('.ms-tile__title', { hasText: t.tile })).toBeVisible()
    await shot(page, `content-h5-microsite-${lang}`)

    // put DEMO's microsite back as it was
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/admin/events/DEMO/content?tab=microsite')
    await expect(page.locator('.cm-content:visible')).toBeVisible()
    await setEditorText(page, original)
    await page.getByRole('button', { name: t.publish }).click()
    await page.getByRole('button', { name: t.ok }).click()
    await expect(page.getByText(t.published, { exact: true }).first()).toBeVisible()
  })
}
