import fs from 'fs'
import path from 'path'
import { test, expect, type APIRequestContext, type Page } from '@playwright/test'
import { guestLogin } from '../contracts/calls/auth'
import { getAttendanceCode } from '../contracts/calls/eventday'
import { hasPoppler, pdfPagesText, qrOnPage, savePagePng } from '../server/test/support/pdf-pages'
import { expectNoSeriousAxeViolations } from './a11y-support'
import { ORGANISER, consoleLogin, shot } from './console-support'

/**
 * Print-ready badges from the console's attendee list, in Chinese and English: the list filtered
 * to one person, the badge dialog tells how many badges the filter gives, the PDF is downloaded,
 * and read as a person would: the name on its one page (pdftotext) and its QR (pdftoppm, jsqr),
 * which is the attendance code the attendee's own app is given. axe on the list and the dialog.
 */
test.use({ viewport: { width: 1280, height: 800 } })
test.skip(!hasPoppler(), 'pdftoppm and pdftotext (poppler-utils) are not installed: the badge PDF cannot be read')

const SHOTS = process.env.E2E_SHOTS ?? '/work/shots/console'

const L = {
  zh: {
    login: { userName: '用户名', password: '密码', submit: '登录' },
    open: '打印胸卡',
    dialog: '打印胸卡（PDF）',
    count: '当前筛选共 1 张胸卡',
    size: '名片（90 × 54 mm）',
    download: '下载 PDF',
    done: '已生成 1 张胸卡',
  },
  en: {
    login: { userName: 'User name', password: 'Password', submit: 'Log in' },
    open: 'Print badges',
    dialog: 'Print badges (PDF)',
    count: 'Badges from the current filter: 1',
    size: 'A7 (74 × 105 mm)',
    download: 'Download PDF',
    done: 'Badges made: 1',
  },
} as const

// each language its own filtered set of one: the VIP Li Lei, and 张伟 found by name
const CASES = {
  zh: { query: 'type=vip', person: { name: 'Li Lei', userName: 'lilei', password: 'Lilei@2026' }, other: '张伟', file: /^badges-DEMO-card-\d{8}\.pdf$/ },
  en: {
    query: `q=${encodeURIComponent('张伟')}`,
    person: { name: '张伟', userName: 'demo', password: 'Demo@2026' },
    other: 'Li Lei',
    file: /^badges-DEMO-A7-\d{8}\.pdf$/,
  },
} as const

/** the attendee's attendance code as their own app is given it */
async function appCode(request: APIRequestContext, who: { userName: string; password: string }): Promise<string> {
  const login = await request.post(guestLogin.path, { data: { loginType: 'account', eventCode: 'DEMO', userName: who.userName, password: who.password } })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const res = await request.post(getAttendanceCode.path, { data: {}, headers: { authorization: token } })
  return ((await res.json()) as { data: { token: string } }).data.token
}

async function openList(page: Page, lang: keyof typeof L, query: string) {
  await page.addInitScript((l) => localStorage.setItem('console.lang', l), lang)
  await page.goto('/admin/')
  await consoleLogin(page, ORGANISER, L[lang].login)
  await expect(page.getByRole('cell', { name: 'DEMO', exact: true })).toBeVisible()
  await page.goto(`/admin/events/DEMO/attendees?${query}`)
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: badges of a filtered list: counted, downloaded, the name on the page and the QR the attendee's code`, async ({ page, request }) => {
    const t = L[lang]
    const c = CASES[lang]
    await openList(page, lang, c.query)
    await expect(page.getByRole('cell', { name: c.person.name, exact: true })).toBeVisible()
    await expectNoSeriousAxeViolations(page, `attendee list with badges (${lang})`)

    // by keyboard: the button takes the focus and Enter opens the dialog
    await page.getByRole('button', { name: t.open }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: t.dialog })
    await expect(dialog.getByRole('status')).toHaveText(t.count)
    await dialog.getByRole('radio', { name: t.size }).check()
    await expect(dialog.getByRole('radio', { name: t.size })).toBeChecked()
    await shot(page, `badges-dialog-${lang}`)
    await expectNoSeriousAxeViolations(page, `badge dialog (${lang})`)

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: t.download }).click()])
    expect(download.suggestedFilename()).toMatch(c.file)
    await expect(page.getByText(t.done)).toBeVisible()
    const pdf = fs.readFileSync(await download.path())

    const pages = pdfPagesText(pdf)
    expect(pages).toHaveLength(1)
    expect(pages[0]).toContain(c.person.name)
    expect(pages[0]).not.toContain(c.other)
    const qr = qrOnPage(pdf, 1)
    expect(qr).toMatch(/^ATT-/)
    // the code the desk scans is the one the attendee's app shows
    expect(qr).toBe(await appCode(request, c.person))
    expect(pages[0]).toContain(qr!)
    fs.mkdirSync(SHOTS, { recursive: true })
    savePagePng(pdf, 1, path.join(SHOTS, `badge-page-${lang}.png`))
  })
}
