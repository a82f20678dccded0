import { test, expect, type Page } from '@playwright/test'
import { getEventByHash } from '../contracts/calls/event'
import { DEMO, agree, chooseMode, expectToast, fill, submit } from './support'

/**
 * The H5 build runs under the server's Content-Security-Policy (server/src/kernel/http/plugins/security.ts):
 * the way in (entry → login → home), with the toast, the agreement modal and the language switch
 * on the way, must not trip a single violation. Both what the page sees (`securitypolicyviolation`
 * events) and what Chromium logs (a blocked style or script is only a console error) count.
 */

/** every CSP violation of the page from its first document on, across navigations */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = []
  await page.exposeFunction('__reportCspViolation', (v: string) => {
    seen.push(v)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation
      void report(`${e.effectiveDirective}: ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`)
    })
  })
  page.on('console', (m) => {
    if (/Content[ -]Security[ -]Policy/i.test(m.text())) seen.push(`console ${m.type()}: ${m.text()}`)
  })
  return seen
}

test.describe('Content-Security-Policy', () => {
  test('entry → login → home of the demo event without a single violation', async ({ page }) => {
    const violations = await watchViolations(page)

    const entry = await page.goto(DEMO.entry)
    // the page is really under a policy (else the test would pass for nothing)
    const csp = entry?.headers()['content-security-policy'] ?? ''
    expect(csp).toContain("script-src 'self' 'sha256-")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("frame-ancestors 'self'")

    await expect(page).toHaveURL(/\/login\?ehc=demo&ec=DEMO/)
    await expect(page.locator('.login-form')).toBeVisible()
    // Taro's toast and modal write <style> elements, style attributes and data: icons
    await submit(page)
    await expectToast(page, '请输入手机号')
    // the agreement's link (the other link of the form goes to registration)
    await page.locator('.login-form__link:not(.login-form__register-link)').click()
    await expect(page.locator('.taro-modal__content')).toBeVisible()
    await page.locator('.taro-modal__foot').getByText('确定').click()
    await expect(page.locator('.taro-modal__content')).toBeHidden()
    await page.locator('.language-switch').click()
    await expect(page.locator('.login-form__tab--account')).toHaveText('Password')
    await page.locator('.language-switch').click()

    await chooseMode(page, 'account')
    await fill(page, 'userName', DEMO.userName)
    await fill(page, 'password', DEMO.password)
    await agree(page)
    await submit(page)
    await expect(page).toHaveURL(/\/home/)
    await expect(page.locator('.event-status')).toContainText('会议进行中')
    // a fresh load of home (the bundles and styles again, logged in)
    await page.reload()
    await expect(page.locator('.home-page__name')).toContainText('欢迎参会')
    // late reports (fonts, images) arrive after the text is shown
    await page.waitForLoadState('networkidle')

    expect(violations).toEqual([])
  })

  test('the watch does see a violation: an injected inline script is blocked and reported', async ({ page }) => {
    const violations = await watchViolations(page)
    await page.goto(DEMO.entry)
    await expect(page.locator('.login-form')).toBeVisible()
    const ran = await page.evaluate(() => {
      const s = document.createElement('script')
      s.textContent = 'window.__injected = true'
      document.head.appendChild(s)
      return (window as unknown as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => violations.length).toBeGreaterThan(0)
    expect(violations.join('\n')).toMatch(/script-src/)
  })

  test('API answers carry the same protective headers', async ({ request }) => {
    const r = await request.post(getEventByHash.path, { data: { eventHashCode: 'demo' } })
    expect(r.headers()['x-content-type-options']).toBe('nosniff')
    expect(r.headers()['referrer-policy']).toBe('no-referrer')
    expect(r.headers()['x-frame-options']).toBe('SAMEORIGIN')
    // plain http here: no HSTS
    expect(r.headers()['strict-transport-security']).toBeUndefined()
  })
})
