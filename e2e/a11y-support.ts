import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type APIRequestContext } from '@playwright/test'
import fs from 'fs'
import path from 'path'

export const SHOTS = process.env.E2E_SHOTS ?? '/work/shots/a11y'

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) })
}

/**
 * Waits for the fades and slides under way (a button's colour transition, a panel sliding in): axe
 * reads a colour half-way through a fade as pale text. A spinner's endless animation is not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined))
    // a few seconds at most: a page that animates for longer is read as it is then
    return Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 3000))])
  })
}

/**
 * Waits for the console's passing messages ("saved", "disabled") to go: each leaves after 3 s with a
 * fade, and a fade that starts while axe reads the page gives pale text. A message kept open longer
 * is read as it is.
 */
async function passingMessagesGone(page: Page): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined)
}

/**
 * axe on the page as it is: no serious or critical violation. Every rule runs: none is turned
 * off. The failure lists each rule with the elements it found, so the fix is findable.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  await passingMessagesGone(page)
  await animationsSettled(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    // the rule and the classes it found (a list's rows would repeat one class a hundred times)
    .map((v) => `${v.id} (${v.impact}): ${[...new Set(v.nodes.map((n) => String(n.target.at(-1)).split(/[ >]+/).at(-1)))].slice(0, 12).join(' ')}`)
  // soft: one run lists what every page of the walk has, not only the first page's
  expect.soft(serious, `axe on ${where}`).toEqual([])
}

/** what has the focus, and whether it shows a ring a person can see (an outline of 2 px or more, or a box shadow) */
export async function focused(page: Page): Promise<{ desc: string; ring: boolean; tag: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { desc: 'body', ring: false, tag: 'BODY' }
    const s = getComputedStyle(el)
    const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || (s.boxShadow !== 'none' && s.boxShadow !== '')
    const desc = `${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')}`
    return { desc, ring, tag: el.tagName }
  })
}

/** Tab until the focus is on `selector` holding `text` (or in it, for a field's native input); every control passed shows its ring */
export async function tabTo(page: Page, selector: string, text = '', max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const f = await focused(page)
    // past the last control the focus leaves the page (the browser's own UI) before it comes round
    if (f.tag === 'BODY') continue
    expect(f.ring, `focus ring on ${f.desc}`).toBe(true)
    const here = await page.evaluate(
      ([sel, txt]) => {
        const el = document.activeElement?.closest(sel)
        return !!el && (el.textContent ?? '').includes(txt)
      },
      [selector, text],
    )
    if (here) return
  }
  throw new Error(`Tab never reached ${selector}`)
}

/** Tab to a field and type into it */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await tabTo(page, selector)
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(text)
}

export async function latestCodeTo(request: APIRequestContext, to: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const list = (await (await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as Array<{ code?: string }>
      code = list[0]?.code ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  return code
}
