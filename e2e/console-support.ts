import fs from 'fs'
import path from 'path'
import { expect, type Page } from '@playwright/test'

/** the demo's console logins (server/src/staff/seed.ts) */
export const ADMIN = { userName: 'admin', password: 'Admin@2026' }
export const ORGANISER = { userName: 'organiser', password: 'Organiser@2026' }

const SHOTS = process.env.E2E_SHOTS ?? '/work/shots/console'

/** a full-page screenshot for a person to look at */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

export async function consoleLogin(
  page: Page,
  who: { userName: string; password: string },
  texts: { userName: string; password: string; submit: string },
): Promise<void> {
  await page.getByLabel(texts.userName).fill(who.userName)
  await page.getByLabel(texts.password, { exact: true }).fill(who.password)
  await page.getByRole('button', { name: texts.submit }).click()
}

/** the value of a settings field of the event form, by its label */
export async function setField(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true })
  await field.fill(value)
  await expect(field).toHaveValue(value)
}
