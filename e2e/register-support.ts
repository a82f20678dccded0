import { expect, type Page } from '@playwright/test'
import { pngOf } from '../server/test/support/files'

/** The registration form's fields as the browser tests fill them, the way a person does. */

const PORTRAIT = pngOf(240, 320)

export const regInput = (page: Page, name: string) => page.locator(`.reg-input--${name} input`)

export async function regType(page: Page, name: string, value: string): Promise<void> {
  await regInput(page, name).click()
  await regInput(page, name).fill(value)
}

/** a Taro picker: open it and confirm its first option */
export async function regPickFirst(page: Page, name: string): Promise<void> {
  const trigger = page.locator(`.reg-picker--${name}`)
  await trigger.click()
  // the picker's panel is drawn at the end of the page; its confirm button is the visible one
  await page
    .getByText(/^(确定|Confirm|OK)$/)
    .filter({ visible: true })
    .last()
    .click()
  await expect(trigger).not.toHaveClass(/is-empty/)
}

/** the attendee's photo, chosen in the file chooser the upload button opens */
export async function regUploadPhoto(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.locator('.reg-upload--photo .reg-upload__button').click()
  await (await chooser).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: PORTRAIT })
  await expect(page.locator('.reg-upload--photo .reg-upload__name')).toContainText('portrait.png')
}
