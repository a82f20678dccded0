import { test, expect } from '@playwright/test'
import { sendLoginCode } from '../contracts/calls/auth'
import { expectNoSeriousAxeViolations } from './a11y-support'
import { choose, openConsole, shot } from './console-support'

/**
 * The console's messages section, in Chinese and English: the message log shows a login code sent
 * to an attendee (masked, never its code), filtered by state and channel in the address. axe on
 * every screen. Screenshots go to /work/shots/console.
 */
test.use({ viewport: { width: 1280, height: 800 } })

const TEXTS = {
  zh: { log: '消息记录', sent: '已发送', state: '状态', channel: '渠道', email: '邮件', kind: '登录验证码' },
  en: { log: 'Message log', sent: 'Sent', state: 'State', channel: 'Channel', email: 'E-mail', kind: 'Login code' },
} as const

/** the demo attendee with a mobile (server/src/seed.ts DEMO_USER) */
const MOBILE = '13800138000'

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: the message log shows a login code, masked and without its code, filtered in the address`, async ({ page, request }) => {
    const x = TEXTS[lang]
    const sent = await request.post(sendLoginCode.path, { data: { channel: 'sms', mobile: MOBILE, eventCode: 'DEMO' }, headers: { 'Accept-Language': lang } })
    // the second language's run may be within the resend wait: the first run's code is in the log already
    expect(['', 'ECODE1001']).toContain(((await sent.json()) as { msgId: string }).msgId)

    await openConsole(page, lang, '/events/DEMO/messages')
    await expect(page.getByRole('heading', { name: x.log })).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: '138****8000' }).first()
    await expect(row).toContainText(x.kind)
    await expect(row).toContainText(x.sent)
    await expect(page.getByText(MOBILE)).toHaveCount(0)
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
}
