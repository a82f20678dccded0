import { test, expect, type APIRequestContext } from '@playwright/test'
import { guestLogin, sendLoginCode } from '../contracts/calls/auth'
import { expectNoSeriousAxeViolations } from './a11y-support'
import { choose, openConsole, shot } from './console-support'

/**
 * The console's messages section, in Chinese and English: the message log shows a login code sent
 * to an attendee (masked, never its code), filtered by state and channel in the address; a notice
 * to the approved attendees of a search reaches each in their language with their name (the others get
 * nothing) and its messages show in the log with the notice. axe on every screen. Screenshots go
 * to /work/shots/console.
 */
test.use({ viewport: { width: 1280, height: 800 } })

const TEXTS = {
  zh: {
    log: '消息记录',
    sent: '已发送',
    state: '状态',
    channel: '渠道',
    email: '邮件',
    search: '搜索',
    kind: '登录验证码',
    open: '发送通知',
    templateZh: '中文内容',
    templateEn: '英文内容',
    preview: '预览',
    count: '将发送给 2 位参会人（中文 1 位，英文 1 位）',
    send: '发送',
    ok: '确定',
    confirm: '确定发送给 2 位参会人？',
    queued: '已排队 2 条通知',
    notice: '参会人通知',
  },
  en: {
    log: 'Message log',
    sent: 'Sent',
    state: 'State',
    channel: 'Channel',
    email: 'E-mail',
    search: 'Search',
    kind: 'Login code',
    open: 'Send a notice',
    templateZh: 'Text in Chinese',
    templateEn: 'Text in English',
    preview: 'Preview',
    count: 'It goes to 2 attendees (1 in Chinese, 1 in English)',
    send: 'Send',
    ok: 'OK',
    confirm: 'Send it to 2 attendees?',
    queued: '2 messages queued',
    notice: 'Notice to attendees',
  },
} as const

/** the demo's people of DEMO (server/src/seed.ts): approved 张伟 and Li Lei, under review 李娜, rejected 王芳 */
const ZHANG = { name: '张伟', mobile: '13800138000' }
const LI_LEI = { name: 'Li Lei', mobile: '13800138001' }
const OTHERS = ['13900139000', '13700137000']
/** the part of a mobile 张伟's and Li Lei's share */
const SEEDED_MOBILES = '1380013800'

const outboxTexts = async (request: APIRequestContext, to: string) =>
  ((await (await request.get(`/dev/outbox?to=${to}`)).json()) as Array<{ text: string }>).map((m) => m.text)

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: the message log shows a login code, masked and without its code, filtered in the address`, async ({ page, request }) => {
    const x = TEXTS[lang]
    const sent = await request.post(sendLoginCode.path, { data: { channel: 'sms', mobile: ZHANG.mobile, eventCode: 'DEMO' }, headers: { lang } })
    // the second language's run may be within the resend wait: the first run's code is in the log already
    expect(['', 'ECODE1001']).toContain(((await sent.json()) as { msgId: string }).msgId)

    await openConsole(page, lang, '/events/DEMO/messages')
    await expect(page.getByRole('heading', { name: x.log })).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: '138****8000' }).filter({ hasText: x.kind }).first()
    await expect(row).toContainText(x.sent)
    await expect(page.getByText(ZHANG.mobile)).toHaveCount(0)
    await expectNoSeriousAxeViolations(page, `message log (${lang})`)
    await shot(page, `messages-log-${lang}`)

    await choose(page, x.state, x.sent)
    await expect(page).toHaveURL(/state=sent/)
    await expect(row).toBeVisible()
    await choose(page, x.channel, x.email)
    await expect(page).toHaveURL(/channel=email/)
    await expect(page.getByRole('row').filter({ hasText: '138****8000' })).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('search').getByRole('combobox', { name: x.channel })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: '138****8000' })).toHaveCount(0)
  })

  test(`${lang}: a notice reaches the approved attendees in their language, the others not, and the log shows it`, async ({ page, request }) => {
    const x = TEXTS[lang]
    // Li Lei uses the app in English (a login in English records it)
    const login = await request.post(guestLogin.path, {
      data: { loginType: 'account', eventCode: 'DEMO', userName: 'lilei', password: 'Lilei@2026' },
      headers: { lang: 'en' },
    })
    expect(((await login.json()) as { msgId: string }).msgId).toBe('')
    const zhText = `{name}您好，明早9点开幕（${lang}）`
    const enText = `Dear {name}, the opening is at 9 tomorrow (${lang})`

    await openConsole(page, lang, '/events/DEMO/messages')
    await page.getByRole('button', { name: x.open }).click()
    const drawer = page.getByRole('dialog')
    // the approved attendees whose mobile starts so: the two seeded ones (other specs add approved attendees of their own)
    await drawer.getByLabel(x.search, { exact: true }).fill(SEEDED_MOBILES)
    await drawer.getByLabel(x.templateZh).fill(zhText)
    await drawer.getByLabel(x.templateEn).fill(enText)
    await drawer.getByRole('button', { name: x.preview }).click()
    await expect(drawer.getByText(x.count)).toBeVisible()
    // both texts, each with the name of one who gets it
    await expect(drawer.locator('span[lang="zh-CN"]')).toHaveText(zhText.replace('{name}', ZHANG.name))
    await expect(drawer.locator('span[lang="en"]')).toHaveText(enText.replace('{name}', LI_LEI.name))
    await expectNoSeriousAxeViolations(page, `notice preview (${lang})`)
    await drawer.locator('span[lang="en"]').scrollIntoViewIfNeeded()
    await shot(page, `messages-notice-${lang}`)

    await drawer.getByRole('button', { name: x.send, exact: true }).click()
    const confirm = page.getByRole('tooltip').filter({ hasText: x.confirm })
    await confirm.getByRole('button', { name: x.ok, exact: true }).click()
    await expect(page.getByText(x.queued)).toBeVisible()
    await expect(drawer).toHaveCount(0)

    // the job runner hands them to the SMS sandbox: each in their language, with their name
    await expect.poll(() => outboxTexts(request, ZHANG.mobile), { timeout: 45_000 }).toContain(zhText.replace('{name}', ZHANG.name))
    await expect.poll(() => outboxTexts(request, LI_LEI.mobile), { timeout: 45_000 }).toContain(enText.replace('{name}', LI_LEI.name))
    for (const other of OTHERS) expect((await outboxTexts(request, other)).filter((t) => t.includes(`（${lang}）`) || t.includes(`(${lang})`))).toEqual([])

    // the log shows both, sent, with the notice
    await choose(page, x.state, x.sent)
    await expect
      .poll(
        async () => {
          await page.reload()
          await expect(page.getByRole('row').filter({ hasText: '138****' }).first()).toBeVisible()
          return page.getByRole('row').filter({ hasText: x.notice }).filter({ hasText: x.sent }).count()
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(2)
    await expect(page.getByRole('row').filter({ hasText: x.notice }).filter({ hasText: '138****8001' }).first()).toContainText('#')
    await expectNoSeriousAxeViolations(page, `message log with a notice (${lang})`)
    await shot(page, `messages-log-notice-${lang}`)
  })
}
