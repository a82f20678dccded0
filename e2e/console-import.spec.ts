import fs from 'fs'
import os from 'os'
import path from 'path'
import { test, expect, type APIRequestContext, type Page } from '@playwright/test'
import writeXlsxFile from 'write-excel-file/node'
import { readSheet } from 'read-excel-file/node'
import { expectNoSeriousAxeViolations, tabTo } from './a11y-support'
import { ORGANISER, consoleLogin, shot } from './console-support'
import { DEMO, agree, fill, latestCode, submit } from './support'

/**
 * Attendee import and export in the console, in Chinese and in English: the organiser uploads an
 * XLSX of 200 attendees with three bad rows (by keyboard: the drop area opens the file picker),
 * is told each of the three by its row, nothing is written; uploads the corrected file, imports
 * the 200, exports the list as CSV and XLSX and finds them in both; one of them logs in to the
 * attendee app by SMS code. axe on the import page. Screenshots go to /work/shots/console.
 * Each language run uses its own mobile numbers, new at every run (the server is shared by every spec).
 */
test.use({ viewport: { width: 1280, height: 900 } })

const TEXTS = {
  zh: {
    login: { userName: '用户名', password: '密码', submit: '登录' },
    link: '导入导出',
    header: ['姓名', '手机号', '邮箱', '单位', '参会人类型', '报名状态'],
    type: '普通参会者',
    badRows: '3 行有问题',
    import: '导入 200 位参会人',
    done: '已导入 200 位参会人',
    toList: '查看参会人名单',
    csv: '导出 CSV',
    xlsx: '导出 Excel',
    mobileHeader: '手机',
    templateXlsx: '下载 Excel 模板',
    templateCsv: '下载 CSV 模板',
  },
  en: {
    login: { userName: 'User name', password: 'Password', submit: 'Log in' },
    link: 'Import / export',
    header: ['Name', 'Mobile', 'E-mail', 'Company', 'Attendee type', 'Registration status'],
    type: 'Attendee',
    badRows: '3 rows with problems',
    import: 'Import 200 attendees',
    done: '200 attendees imported',
    toList: 'Open the attendee list',
    csv: 'Export CSV',
    xlsx: 'Export Excel',
    mobileHeader: 'Mobile',
    templateXlsx: 'Download Excel template',
    templateCsv: 'Download CSV template',
  },
} as const

/** the rows made bad in the first file (0-based), and so their spreadsheet rows (+2: the header is row 1) */
const BAD = [9, 99, 149]

async function attendeeCount(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/api/admin/attendees/list', {
    headers: { authorization: token },
    data: { eventCode: 'DEMO', keyword: '', userType: '', status: '', checkin: 'all', page: 1, pageSize: 1 },
  })
  return ((await res.json()) as { data: { total: number } }).data.total
}

async function writeFile(dir: string, name: string, header: readonly string[], rows: string[][]): Promise<string> {
  const file = path.join(dir, name)
  await writeXlsxFile([header, ...rows].map((r) => r.map((value) => ({ value })))).toFile(file)
  return file
}

async function downloaded(page: Page, button: string): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()])
  return fs.readFileSync(await download.path())
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: import 200 attendees after three bad rows are reported, export them, one logs in`, async ({ page, request }) => {
    const t = TEXTS[lang]
    // 1, a digit per language, four of this run, five of the row: 11 digits, new at every run
    const run = String(Date.now()).slice(-4)
    const mobileOf = (i: number) => `1${lang === 'zh' ? 5 : 6}${run}${String(i).padStart(5, '0')}`
    const good = Array.from({ length: 200 }, (_, i) => [`导入${lang}${i}`, mobileOf(i), `import-${lang}-${run}-${i}@example.com`, '示例公司', t.type, ''])
    const bad = good.map((r, i) => {
      if (i === BAD[0]) return [r[0], '12345', r[2], r[3], r[4], r[5]]
      if (i === BAD[1]) return ['', r[1], r[2], r[3], r[4], r[5]]
      if (i === BAD[2]) return [r[0], r[1], 'not-an-address', r[3], 'nope', r[5]]
      return r
    })
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-import-'))
    const badFile = await writeFile(dir, `attendees-bad-${lang}.xlsx`, t.header, bad)
    const goodFile = await writeFile(dir, `attendees-${lang}.xlsx`, t.header, good)

    await page.addInitScript((l) => localStorage.setItem('console.lang', l), lang)
    await page.goto('/admin/')
    await consoleLogin(page, ORGANISER, t.login)
    await page.getByRole('row', { name: /DEMO/ }).getByRole('link', { name: t.link }).click()
    await expect(page).toHaveURL(/\/admin\/events\/DEMO\/import$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('DEMO')
    const token = (await page.evaluate(() => localStorage.getItem('console.token')))!
    const before = await attendeeCount(request, token)
    await expectNoSeriousAxeViolations(page, `import page (${lang})`)
    await shot(page, `import-${lang}`)

    // the drop area is reached by Tab, shows its ring, and opens the file picker with Enter
    // the templates: the headers in the user's language
    expect((await readSheet(await downloaded(page, t.templateXlsx)))[0]).toEqual(t.header)
    expect((await downloaded(page, t.templateCsv)).toString('utf8')).toBe(`\uFEFF${t.header.join(',')}`)

    // waited for before the key: the browser must be told to hand the picker over before it opens
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('heading', { level: 1 }).click()
    await tabTo(page, '.ant-upload[role="button"]')
    await page.keyboard.press('Enter')
    await (await chooser).setFiles(badFile)
    await expect(page.getByText(t.badRows)).toBeVisible()
    const problems = page.locator('section[aria-labelledby="io-problems"] tbody tr')
    // four problems on three rows: the third has a bad e-mail and an unknown type
    await expect(problems).toHaveCount(4)
    const rowsReported = await problems.locator('td:first-child').allTextContents()
    expect([...new Set(rowsReported)]).toEqual(BAD.map((i) => String(i + 2)))
    await expect(page.getByRole('button', { name: t.import })).toHaveCount(0)
    await expectNoSeriousAxeViolations(page, `import preview with problems (${lang})`)
    await shot(page, `import-problems-${lang}`)
    expect(await attendeeCount(request, token)).toBe(before)

    await page.locator('input[type=file]').setInputFiles(goodFile)
    await page.getByRole('button', { name: t.import }).click()
    await expect(page.getByText(t.done)).toBeVisible()
    await expect(page.getByRole('link', { name: t.toList })).toHaveAttribute('href', '/admin/events/DEMO/attendees')
    expect(await attendeeCount(request, token)).toBe(before + 200)
    await expectNoSeriousAxeViolations(page, `import done (${lang})`)
    await shot(page, `import-done-${lang}`)

    // the export holds the 200, as CSV (with the byte order mark) and as XLSX
    const csv = (await downloaded(page, t.csv)).toString('utf8')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    for (const r of good) expect(csv).toContain(r[1])
    const sheet = await readSheet(await downloaded(page, t.xlsx))
    const column = sheet[0].indexOf(t.mobileHeader)
    const mobiles = new Set(sheet.slice(1).map((r) => String(r[column])))
    for (const r of good) expect(mobiles.has(r[1])).toBe(true)

    // one of them logs in to the attendee app by SMS code
    const who = good[42][1]
    await page.goto(DEMO.entry)
    await fill(page, 'mobile', who)
    await page.locator('.login-form__code-btn').click()
    await fill(page, 'code', await latestCode(request, who))
    await agree(page)
    await submit(page)
    await expect(page).toHaveURL(/\/home/)
    fs.rmSync(dir, { recursive: true, force: true })
  })
}
