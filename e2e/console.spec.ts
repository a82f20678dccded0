import { test, expect, type Page } from '@playwright/test'
import { generateSync } from 'otplib'
import { expectNoSeriousAxeViolations, focused } from './a11y-support'
import { ADMIN, ORGANISER, consoleLogin, setField, shot } from './console-support'

/**
 * The organisers' console at /admin/, on a desktop screen, in Chinese (the default) and English:
 * the platform administrator logs in, is told what is wrong with an event in their language,
 * creates one, publishes it and sees it in the attendee H5 app and in the audit log; the organiser
 * switches on the authenticator and logs in with its code, sees only DEMO. axe finds no serious or
 * critical violation on any screen; every control of the login and the event form, reached by Tab,
 * shows its focus ring.
 * Screenshots go to /work/shots/console (E2E_SHOTS).
 */
test.use({ viewport: { width: 1280, height: 800 } })

const ZH = { userName: '用户名', password: '密码', submit: '登录' }
const EN = { userName: 'User name', password: 'Password', submit: 'Log in' }

async function fillEvent(page: Page, labels: Record<string, string>, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) await setField(page, labels[key], value)
}

test('zh: log in, refused and told why, create an event, publish it, see it in the attendee app and the audit log', async ({ page }) => {
  // the console runs under the server's Content-Security-Policy (kernel/http/plugins/security.ts) without breaking it
  const cspViolations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text())
  })
  await page.goto('/admin/')
  await expect(page.getByRole('heading', { name: '登录管理后台' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expectNoSeriousAxeViolations(page, 'login (zh)')
  await shot(page, 'login-zh')

  // every control of the login is reached by Tab and shows its ring
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab')
    const f = await focused(page)
    expect(f.ring, `focus ring on ${f.desc}`).toBe(true)
  }

  await consoleLogin(page, { ...ADMIN, password: 'wrong-password' }, ZH)
  await expect(page.getByRole('alert')).toContainText('用户名或密码错误')
  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: '登录' }).click()
  await expect(page.getByRole('heading', { name: '活动', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'DEMO', exact: true })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'event list (zh)')
  await shot(page, 'events-zh')

  await page.getByRole('button', { name: '新建活动' }).click()
  await expect(page.getByRole('heading', { name: '新建活动' })).toBeVisible()
  // every field of the form is reached by Tab and shows its ring, up to the save button
  await page.getByLabel('活动代码（ec）', { exact: true }).focus()
  for (let i = 0; i < 40; i++) {
    const f = await focused(page)
    expect(f.ring, `focus ring on ${f.desc}`).toBe(true)
    if ((await page.evaluate(() => document.activeElement?.textContent ?? '')) === '保存') break
    await page.keyboard.press('Tab')
    if (i === 39) throw new Error('Tab never reached the save button')
  }
  await shot(page, 'event-form-keyboard-zh')
  // the form's own checks, in Chinese
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByText('请填写活动代码（ec）')).toBeVisible()
  await expect(page.getByText('请填写中文名称')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'event form with errors (zh)')
  await shot(page, 'event-form-errors-zh')

  const labels = {
    eventCode: '活动代码（ec）',
    eventHashCode: '链接代码（ehc）',
    titleZh: '中文名称',
    titleEn: '英文名称',
    startTime: '开始时间',
    endTime: '结束时间',
  }
  await fillEvent(page, labels, {
    eventCode: 'DEMO',
    eventHashCode: 'demo',
    titleZh: '浏览器测试大会',
    titleEn: 'Browser Test Summit',
    startTime: '2030-05-01T09:00',
    endTime: '2030-05-02T18:00',
  })
  // the server's refusal, in Chinese: the codes are DEMO's
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page.getByRole('alert')).toContainText('该活动代码或链接代码已被使用')
  await fillEvent(page, labels, { eventCode: 'E2E-ZH', eventHashCode: 'e2e-zh' })
  await page.getByRole('button', { name: '保存' }).click()
  await expect(page).toHaveURL(/\/admin\/events\/E2E-ZH$/)
  await expect(page.getByText('未发布')).toBeVisible()
  await shot(page, 'event-created-zh')

  await page.getByRole('link', { name: '活动', exact: true }).click()
  const row = page.getByRole('row').filter({ hasText: 'E2E-ZH' })
  await row.getByRole('button', { name: '发布' }).click()
  await page.getByRole('button', { name: /确\s*定|OK/ }).click()
  await expect(row.getByText('已发布')).toBeVisible()

  // its team: a new account, made its owner
  await row.getByRole('link', { name: '团队' }).click()
  await expect(page.getByRole('heading', { name: '团队：E2E-ZH' })).toBeVisible()
  await page.getByLabel('用户名', { exact: true }).last().fill('e2e-owner')
  await page.getByLabel('姓名', { exact: true }).fill('王负责')
  await page.getByLabel('初始密码', { exact: true }).fill('Owner2026pw')
  await page.getByRole('button', { name: '创建账号' }).click()
  await expect(page.getByLabel('用户名', { exact: true }).first()).toHaveValue('e2e-owner')
  // by the keyboard: the list opens on its first role, 负责人
  await page.getByLabel('角色', { exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('.ant-select-item-option-active')).toHaveText('负责人')
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: '设置角色' }).click()
  await expect(page.getByRole('cell', { name: '王负责' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: '角色: e2e-owner' })).toBeVisible()
  // axe reads a toast or a list still fading out as pale text: look once they have gone
  await expect(page.locator('.ant-message-notice')).toHaveCount(0)
  await expect(page.locator('.ant-select-dropdown').filter({ visible: true })).toHaveCount(0)
  await expectNoSeriousAxeViolations(page, 'team (zh)')
  await shot(page, 'team-zh')
  await page.getByRole('link', { name: '活动', exact: true }).click()

  // the attendee app sees the new event at once
  const attendee = await page.context().newPage()
  await attendee.goto('/?ehc=e2e-zh&ec=E2E-ZH')
  await expect(attendee.getByText('浏览器测试大会').filter({ visible: true }).first()).toBeVisible()
  await expect(
    attendee
      .getByText(/2030-05-01 09:00/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible()
  await shot(attendee, 'attendee-sees-event-zh')
  await attendee.close()

  await page.getByRole('link', { name: '操作日志' }).first().click()
  await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible()
  // the whole log: other runs' rows are there too (staff made and given roles by other specs)
  await expect(page.getByRole('cell', { name: '发布活动' }).first()).toBeVisible()
  await expect(page.getByRole('cell', { name: '设置角色' }).first()).toBeVisible()
  await expect(page.getByRole('cell', { name: '新建活动' }).first()).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'audit log (zh)')
  await shot(page, 'audit-zh')

  await page.getByRole('button', { name: '退出登录' }).click()
  await expect(page.getByRole('heading', { name: '登录管理后台' })).toBeVisible()

  // a session that is no longer valid (ended elsewhere) sends the page to the login, which says why
  await page.evaluate(() => localStorage.setItem('console.token', 'f'.repeat(64)))
  await page.reload()
  await expect(page.getByRole('alert')).toContainText('登录状态无效，请重新登录')
  expect(cspViolations).toEqual([])
})

test('en: the organiser switches on the authenticator, logs in with its code, sees DEMO only, is told in English what is wrong', async ({ page, request }) => {
  await page.goto('/admin/')
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Log in to the console' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expectNoSeriousAxeViolations(page, 'login (en)')
  await shot(page, 'login-en')

  await consoleLogin(page, ORGANISER, EN)
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'New event' })).toHaveCount(0)
  const rows = page.getByRole('row').filter({ hasText: /DEMO|E2E|LOCKED/ })
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Organiser')
  await expectNoSeriousAxeViolations(page, 'event list (en)')
  await shot(page, 'events-en')

  // editing: the form's check and the server's, both in English
  await rows.first().getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: 'Edit event: DEMO' })).toBeVisible()
  const start = await page.getByLabel('Starts', { exact: true }).inputValue()
  await setField(page, 'Ends', start)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The end must come after the start')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'event form (en)')
  await shot(page, 'event-form-en')
  await page.getByRole('button', { name: 'Back' }).click()

  // the authenticator
  await page.getByRole('link', { name: 'Account and security' }).click()
  await page.getByRole('button', { name: 'Switch on the authenticator' }).click()
  await expect(page.getByRole('img', { name: 'Authenticator QR code' })).toBeVisible()
  const secret = (await page.locator('.ant-typography code').first().innerText()).trim()
  // the server's clock, which other specs move forward (POST /dev/clock): the codes must be of its time
  const serverAhead = Date.parse(((await (await request.get('/dev/clock')).json()) as { now: string }).now) - Date.now()
  const now = () => Math.floor((Date.now() + serverAhead) / 1000)
  await page.getByLabel('Authenticator code').fill(generateSync({ secret, epoch: now() }))
  await page.getByRole('button', { name: 'Switch on', exact: true }).click()
  await expect(page.getByText('On: logging in asks for the code from your authenticator')).toBeVisible()
  // axe reads a toast that is still fading in as pale text: look once it has gone
  await expect(page.locator('.ant-message-notice')).toHaveCount(0)
  await expectNoSeriousAxeViolations(page, 'account (en)')
  await shot(page, 'account-en')

  await page.getByRole('button', { name: 'Log out' }).click()
  await consoleLogin(page, ORGANISER, EN)
  await expect(page.getByLabel('Authenticator code')).toBeFocused()
  await shot(page, 'login-totp-en')
  // the next step's code: the one just used is good once only
  await page.getByLabel('Authenticator code').fill(generateSync({ secret, epoch: now() + 30 }))
  await page.getByRole('button', { name: 'Verify and log in' }).click()
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'Audit log' }).first().click()
  await expect(page.getByRole('cell', { name: 'Authenticator switched on' })).toHaveCount(0)
  await expectNoSeriousAxeViolations(page, 'audit log (en)')
})
