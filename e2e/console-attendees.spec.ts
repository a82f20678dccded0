import { test, expect, type APIRequestContext, type Page } from '@playwright/test'
import { saveAttendee } from '../contracts/admin/attendees'
import { createStaff, grantStaffRole, staffLogin } from '../contracts/admin/staff'
import { regPickFirst, regType, regUploadPhoto } from './register-support'
import { expectNoSeriousAxeViolations, focused } from './a11y-support'
import { ADMIN, choose, consoleLogin, openConsole, shot } from './console-support'
import { DEMO, agree, chooseMode, expectToast, fill, latestCode, submit } from './support'

/**
 * The console's attendee list and registration review, in Chinese and English: a search and a
 * filter kept in the address; an attendee added, edited, disabled (their H5 login refused in their
 * language) and enabled again (they log in); the press registrant 李娜 approved and in the app; a
 * second press registration, made in the app, rejected with a reason, which the app then answers. axe on every screen.
 * What a test changes of the seeded people it puts back (李娜 waits in the queue again).
 */
test.use({ viewport: { width: 1280, height: 800 } })

const TEXTS = {
  zh: { userName: '用户名', password: '密码', submit: '登录', ok: '确定' },
  en: { userName: 'User name', password: 'Password', submit: 'Log in', ok: 'OK' },
} as const
type Lang = keyof typeof TEXTS

async function confirmPop(page: Page, lang: Lang) {
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: TEXTS[lang].ok }).click()
}

/** the H5 app's login by a code to the mobile number, in the given language; stops before the answer */
async function h5CodeLogin(page: Page, request: APIRequestContext, lang: Lang, mobile: string) {
  await page.goto(DEMO.entry)
  // the app remembers the language last chosen: switch only when it is not the one wanted
  const chinese = (await page.locator('.login-form__tab--mobile').textContent())?.includes('手机号')
  if (chinese === (lang === 'en')) await page.locator('.language-switch').first().click()
  await expect(page.locator('.login-form__tab--mobile')).toHaveText(lang === 'en' ? /Mobile/i : /手机号/)
  await chooseMode(page, 'mobile')
  await fill(page, 'mobile', mobile)
  await page.locator('.login-form__code-btn').click()
  await fill(page, 'code', await latestCode(request, mobile))
  await agree(page)
  await submit(page)
}

/** a console call as the platform administrator, for putting back what a test changed */
async function asAdmin<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const login = await request.post(staffLogin.path, { data: ADMIN })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const res = await request.post(path, { data: body, headers: { authorization: token } })
  return ((await res.json()) as { data: T }).data
}

/** 李娜 waits in the queue again, as seeded */
async function backUnderReview(request: APIRequestContext) {
  const back = { eventCode: 'DEMO', userCode: 'U20260002', name: '李娜', mobile: '13900139000', email: 'auditing@example.com', company: '' }
  await asAdmin(request, saveAttendee.path, { ...back, userType: 'media', status: 'auditing' })
}

const PEOPLE = {
  zh: { name: '周测试', mobile: '13700002001', company: '测试公司', edited: '测试公司（上海）' },
  en: { name: 'Tess Tester', mobile: '13700002002', company: 'Test Co', edited: 'Test Co Ltd' },
} as const

const L = {
  zh: {
    title: '参会人：DEMO',
    search: '搜索',
    status: '报名状态',
    auditing: '审核中',
    access: '登录权限',
    disabledTag: '已停用',
    add: '添加参会人',
    name: '姓名',
    mobile: '手机号',
    company: '单位',
    save: '保存',
    edit: '编辑',
    disable: '停用',
    enable: '启用',
    refused: '您在本活动的登录权限已被主办方停用',
    onList: '此人已在本活动的参会人名单中',
  },
  en: {
    title: 'Attendees: DEMO',
    search: 'Search',
    status: 'Registration',
    auditing: 'Under review',
    access: 'Login access',
    disabledTag: 'Disabled',
    add: 'Add attendee',
    name: 'Name',
    mobile: 'Mobile',
    company: 'Company',
    save: 'Save',
    edit: 'Edit',
    disable: 'Disable',
    enable: 'Enable',
    refused: 'The organisers have disabled your access to this event',
    onList: 'This person is already on the attendee list of this event',
  },
} as const

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: the attendee list: a search and a filter kept in the address; add, edit, disable (H5 login refused), enable`, async ({
    page,
    context,
    request,
  }) => {
    const l = L[lang]
    const who = PEOPLE[lang]
    await openConsole(page, lang, '/events/DEMO/attendees')
    await expect(page.getByRole('heading', { name: l.title })).toBeVisible()
    await expect(page.getByRole('cell', { name: '张伟', exact: true })).toBeVisible()
    await expectNoSeriousAxeViolations(page, `attendee list (${lang})`)
    await shot(page, `attendees-${lang}`)
    // the toolbar and the rows' buttons by keyboard, each with its focus ring
    await page.getByRole('searchbox', { name: l.search }).focus()
    for (let i = 0; i < 10; i++) {
      const f = await focused(page)
      expect(f.ring, `focus ring on ${f.desc}`).toBe(true)
      await page.keyboard.press('Tab')
    }

    // a search, then a filter: both in the address, kept by a reload
    await page.getByRole('searchbox', { name: l.search }).fill('13900139')
    await page.getByRole('searchbox', { name: l.search }).press('Enter')
    await expect(page).toHaveURL(/q=13900139/)
    await expect(page.getByRole('cell', { name: '李娜', exact: true })).toBeVisible()
    await expect(page.getByRole('cell', { name: '张伟', exact: true })).toHaveCount(0)
    await page.getByRole('searchbox', { name: l.search }).fill('')
    await page.getByRole('searchbox', { name: l.search }).press('Enter')
    await choose(page, l.status, l.auditing)
    await expect(page).toHaveURL(/status=auditing/)
    await page.reload()
    await expect(page.getByRole('cell', { name: '李娜', exact: true })).toBeVisible()
    await expect(page.getByRole('cell', { name: '张伟', exact: true })).toHaveCount(0)
    await shot(page, `attendees-filtered-${lang}`)
    await page.goto('/admin/events/DEMO/attendees')

    // add, then edit
    await page.getByRole('button', { name: l.add }).click()
    const drawer = page.locator('.ant-drawer')
    await drawer.getByLabel(l.name, { exact: true }).fill(who.name)
    await drawer.getByLabel(l.company, { exact: true }).fill(who.company)
    // someone already on the list: the server's refusal is shown at the field
    await drawer.getByLabel(l.mobile, { exact: true }).fill(DEMO.mobile)
    await drawer.getByRole('button', { name: l.save }).click()
    await expect(drawer.locator('.ant-form-item').filter({ hasText: l.mobile }).first()).toContainText(l.onList)
    await expectNoSeriousAxeViolations(page, `add attendee, refused (${lang})`)
    await shot(page, `attendee-add-${lang}`)
    await drawer.getByLabel(l.mobile, { exact: true }).fill(who.mobile)
    await drawer.getByRole('button', { name: l.save }).click()
    await expect(drawer).toHaveCount(0)
    const row = page.getByRole('row').filter({ hasText: who.mobile })
    await expect(row).toContainText(who.company)
    await row.getByRole('button', { name: `${l.edit}: ${who.name}` }).click()
    await drawer.getByLabel(l.company, { exact: true }).fill(who.edited)
    await drawer.getByRole('button', { name: l.save }).click()
    await expect(row).toContainText(who.edited)

    // disabled: a tag, a filter, and the app refuses the login in the attendee's language
    await row.getByRole('button', { name: `${l.disable}: ${who.name}` }).click()
    await confirmPop(page, lang)
    await expect(row.getByText(l.disabledTag, { exact: true })).toBeVisible()
    await choose(page, l.access, l.disabledTag)
    await expect(page.getByRole('row').filter({ hasText: who.mobile })).toBeVisible()
    await expect(page.getByRole('cell', { name: '张伟', exact: true })).toHaveCount(0)
    await expectNoSeriousAxeViolations(page, `attendee list, disabled filter (${lang})`)
    await shot(page, `attendees-disabled-${lang}`)

    const app = await context.newPage()
    await h5CodeLogin(app, request, lang, who.mobile)
    await expectToast(app, new RegExp(l.refused))
    await expect(app).toHaveURL(/\/login/)
    await shot(app, `h5-login-disabled-${lang}`)

    // enabled again: the same code, kept by the refusal, now lets them in
    await row.getByRole('button', { name: `${l.enable}: ${who.name}` }).click()
    await confirmPop(page, lang)
    await expect(row.getByText(l.disabledTag, { exact: true })).toHaveCount(0)
    await submit(app)
    await expect(app).toHaveURL(/\/home/)
  })
}

test('zh: the review queue: 李娜 approved, she logs in to the app', async ({ page, context, request }) => {
  await openConsole(page, 'zh', '/events/DEMO/review')
  await expect(page.getByRole('heading', { name: '报名审核：DEMO' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: '李娜' })
  await expect(row).toBeVisible()
  // her answers, to decide on
  await row.getByRole('button', { name: /展开|Expand/ }).click()
  await expect(page.getByText('示例日报').last()).toBeVisible()
  await expect(page.getByText('110101199205150026')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'review queue (zh)')
  await shot(page, 'review-zh')

  await row.getByRole('checkbox').check()
  await page.getByRole('button', { name: /通过所选/ }).click()
  await expect(page.getByRole('dialog')).toContainText('通过 1 条报名')
  await expectNoSeriousAxeViolations(page, 'approve dialog (zh)')
  await page.getByRole('dialog').getByRole('button', { name: '通过', exact: true }).click()
  await expect(page.getByText('已审核 1 条报名')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: '李娜' })).toHaveCount(0)
  await page.getByRole('tab', { name: '已通过' }).click()
  await expect(page).toHaveURL(/status=approved/)
  await expect(page.getByRole('row').filter({ hasText: '李娜' })).toBeVisible()
  await shot(page, 'review-approved-zh')

  try {
    const app = await context.newPage()
    await app.goto(DEMO.entry)
    await chooseMode(app, 'account')
    await fill(app, 'userName', 'auditing')
    await fill(app, 'password', 'Audit@2026')
    await agree(app)
    await submit(app)
    await expect(app).toHaveURL(/\/home/)
    await shot(app, 'h5-approved-home-zh')
  } finally {
    await backUnderReview(request)
  }
})

const REGISTER = '/pages/pagesUser/register/register?ehc=demo&ec=DEMO'

/** a press registration in the app, in English: it waits for review */
async function registerForReview(page: Page, who: { mobile: string; email: string }) {
  await page.goto(REGISTER)
  await page.locator('.language-switch').first().click()
  await page.locator('.reg-type--media').click()
  await regType(page, 'attendee-surname', 'Reject')
  await regType(page, 'attendee-givenName', 'Rex')
  await page.locator('.reg-choice--attendee-sex-mr').click()
  await regType(page, 'attendee-mobile', who.mobile)
  await regType(page, 'attendee-email', who.email)
  await regType(page, 'attendee-company', 'Reject Daily')
  await regType(page, 'attendee-position', 'Reporter')
  await regPickFirst(page, 'attendee-certificateType')
  await regType(page, 'attendee-certificateNumber', 'J20260099')
  await regPickFirst(page, 'attendee-idType')
  await regType(page, 'attendee-idNumber', '110108198506120033')
  await page.locator('.reg-choice--attendee-isAttend-attend').click()
  await regUploadPhoto(page)
  await page.locator('.reg-protocol__check').click()
  await page.locator('.reg-form__submit').click()
  await expect(page.locator('.reg-result--auditing').filter({ visible: true })).toContainText('Under audit', { timeout: 20_000 })
}

test('en: a second registration rejected with a reason; the app answers it was not approved', async ({ page, context, request }) => {
  const who = { mobile: '13700002003', email: 'rex@press.example.com' }
  const app = await context.newPage()
  await registerForReview(app, who)

  await openConsole(page, 'en', '/events/DEMO/review')
  await expect(page.getByRole('heading', { name: 'Registration review: DEMO' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search' }).fill('Reject Daily')
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  await expect(page).toHaveURL(/q=Reject/)
  const row = page.getByRole('row').filter({ hasText: who.mobile })
  await expect(row).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: '李娜' })).toHaveCount(0)
  await expectNoSeriousAxeViolations(page, 'review queue (en)')
  await shot(page, 'review-en')
  await row.getByRole('checkbox').check()
  await page.getByRole('button', { name: /Reject selected/ }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(dialog).toContainText('Please give a reason to reject')
  await dialog.getByLabel('Reason').fill('The press places are all taken')
  await expectNoSeriousAxeViolations(page, 'reject dialog (en)')
  await shot(page, 'review-reject-en')
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(page.getByText('1 registration(s) decided')).toBeVisible()
  await page.getByRole('tab', { name: 'Rejected' }).click()
  await expect(page.getByRole('row').filter({ hasText: who.mobile })).toContainText('The press places are all taken')
  await shot(page, 'review-rejected-en')

  await h5CodeLogin(app, request, 'en', who.mobile)
  await expectToast(app, 'Your registration was not approved')
  await shot(app, 'h5-login-rejected-en')
})

test('zh: the platform administrator disables a staff account on the team page; its login is refused, then enabled again', async ({ page, request }) => {
  await asAdmin(request, createStaff.path, { userName: 'e2e-leaver', name: '临时员工', password: 'Leaver2026pass' })
  await asAdmin(request, grantStaffRole.path, { eventCode: 'DEMO', userName: 'e2e-leaver', role: 'checkin' })
  await page.goto('/admin/')
  await consoleLogin(page, ADMIN, TEXTS.zh)
  await expect(page.getByRole('cell', { name: 'DEMO', exact: true })).toBeVisible()
  await page.goto('/admin/events/DEMO/team')
  const row = page.getByRole('row').filter({ hasText: 'e2e-leaver' })
  await row.getByRole('button', { name: '停用账号: e2e-leaver' }).click()
  await confirmPop(page, 'zh')
  await expect(row.getByText('已停用', { exact: true })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'team with a disabled account (zh)')
  await shot(page, 'team-disabled-zh')

  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: page.url().replace(/\/admin.*$/, ''), viewport: { width: 1280, height: 800 } })
  const leaver = await other.newPage()
  await leaver.goto('/admin/')
  await consoleLogin(leaver, { userName: 'e2e-leaver', password: 'Leaver2026pass' }, TEXTS.zh)
  await expect(leaver.getByRole('alert')).toContainText('该账号已停用')
  await shot(leaver, 'staff-login-disabled-zh')

  await row.getByRole('button', { name: '启用账号: e2e-leaver' }).click()
  await confirmPop(page, 'zh')
  await expect(row.getByText('已停用', { exact: true })).toHaveCount(0)
  await leaver.getByRole('button', { name: '登录' }).click()
  await expect(leaver.getByRole('cell', { name: 'DEMO', exact: true })).toBeVisible()
  await other.close()
})
