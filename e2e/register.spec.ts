/**
 * Registration in the browser: a new attendee registers with a photo, a follower and an
 * activity, in Chinese and in English; reloads mid-form without losing anything; sees the result
 * (home for the plain attendee type, "under audit" for the press type); edits the details
 * afterwards. Screenshots go to /work/shots/register/ (SHOTS_DIR) for a person to look at.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { regInput, regPickFirst, regType, regUploadPhoto } from './register-support'
import { agree, chooseMode, DEMO, fill, loginWithPassword, submit } from './support'

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/register'
const REGISTER = '/pages/pagesUser/register/register?ehc=demo&ec=DEMO'
const FORM = '/pages/pagesUser/form/form?ehc=demo&ec=DEMO'

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

async function switchToEnglish(page: Page) {
  await page.locator('.language-switch').first().click()
}

test.describe('registration', () => {
  test('the demo attendee, seeded with a registration, finds their own values under "my registration"', async ({ page }) => {
    await loginWithPassword(page)
    await page.goto(FORM)
    await expect(regInput(page, 'attendee-name')).toHaveValue('张伟')
    await expect(regInput(page, 'attendee-company')).toHaveValue('示例科技有限公司')
    await expect(page.getByText('请求失败')).toHaveCount(0)
    await shot(page, 'zh-my-registration')
  })

  test('the session expiring mid-edit: the registration and what was typed stay behind the "log in again" question, and come back after it', async ({
    page,
  }) => {
    await loginWithPassword(page)
    await page.goto(FORM)
    await expect(regInput(page, 'attendee-company')).toHaveValue('示例科技有限公司')
    await regType(page, 'attendee-company', '示例科技有限公司（北京）')
    // the seeded registration has every required value but the photo
    await regUploadPhoto(page)
    // the session ends on the server (as when it expires): the page's token is no longer good
    const ended = await page.evaluate(async () => {
      const stored = JSON.parse(JSON.parse(localStorage.getItem('attendee-app') ?? '{}').data ?? '{}') as { state?: { token?: string } }
      const res = await fetch('/api/guest/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: stored.state?.token ?? '' },
        body: '{}',
      })
      return res.ok
    })
    expect(ended).toBe(true)
    await page.locator('.reg-edit__save').click()
    await expect(page.locator('.taro-modal__content')).toBeVisible()
    // behind the question: still the attendee's own registration, with the value typed
    await expect(page.locator('.reg-edit__head')).toBeVisible()
    await expect(regInput(page, 'attendee-company')).toHaveValue('示例科技有限公司（北京）')
    await expect(regInput(page, 'attendee-name')).toHaveValue('张伟')
    await shot(page, 'zh-session-expired-mid-edit')
    await page.locator('.taro-modal__content .taro-model__confirm').click()
    await expect(page).toHaveURL(/login/)
    await chooseMode(page, 'account')
    await fill(page, 'userName', DEMO.userName)
    await fill(page, 'password', DEMO.password)
    await agree(page)
    await submit(page)
    await expect(page).toHaveURL(/\/form/)
    await expect(regInput(page, 'attendee-company')).toHaveValue('示例科技有限公司（北京）')
  })

  test("a 3 MB phone photo is made smaller on the phone and goes through; a field's message names the field", async ({ page }) => {
    await loginWithPassword(page)
    await page.goto(FORM)
    await expect(regInput(page, 'attendee-name')).toHaveValue('张伟')
    // a camera-sized JPEG (4032 × 3024, fine detail everywhere), drawn in the browser
    const base64 = await page.evaluate(async () => {
      const c = document.createElement('canvas')
      c.width = 4032
      c.height = 3024
      const g = c.getContext('2d') as CanvasRenderingContext2D
      const grad = g.createLinearGradient(0, 0, c.width, c.height)
      grad.addColorStop(0, '#1e3a8a')
      grad.addColorStop(1, '#f59e0b')
      g.fillStyle = grad
      g.fillRect(0, 0, c.width, c.height)
      let seed = 7
      const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647
      for (let i = 0; i < 60000; i++) {
        g.fillStyle = `hsl(${Math.floor(rnd() * 360)},70%,${Math.floor(30 + rnd() * 40)}%)`
        g.fillRect(rnd() * c.width, rnd() * c.height, 2 + rnd() * 14, 2 + rnd() * 14)
      }
      const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b as Blob), 'image/jpeg', 0.95))
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let bin = ''
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
      return btoa(bin)
    })
    const photo = Buffer.from(base64, 'base64')
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024)
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/obs/file/upload'))
    const chooser = page.waitForEvent('filechooser')
    await page.locator('.reg-upload--photo .reg-upload__button').click()
    await (await chooser).setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo })
    const sent = await uploaded
    expect(Number(sent.request().headers()['content-length'] ?? sent.request().postDataBuffer()?.length)).toBeLessThanOrEqual(2 * 1024 * 1024)
    expect(((await sent.json()) as { msgId: string }).msgId).toBe('')
    await expect(page.locator('.reg-upload--photo .reg-upload__name')).toContainText('IMG_2041.jpg')
    await shot(page, 'zh-big-photo-fitted')

    // a file of a kind the photo does not take: the message names the photo field
    const chooser2 = page.waitForEvent('filechooser')
    await page.locator('.reg-upload--photo .reg-upload__button').click()
    await (await chooser2).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') })
    await expect(page.locator('.reg-upload--photo').getByText(/^照片格式错误/)).toBeVisible()
    await shot(page, 'zh-photo-format-named')
  })

  test('the login page offers "register" when the event takes registrations', async ({ page }) => {
    await page.goto('/?ehc=demo&ec=DEMO')
    await expect(page.locator('.login-form__register')).toHaveText('还没有报名？去报名')
    await shot(page, 'zh-login-register-link')
    await page.locator('.language-switch').first().click()
    await expect(page.locator('.login-form__register')).toHaveText('Not registered yet? Register')
    await shot(page, 'en-login-register-link')
    await page.locator('.login-form__register-link').click()
    await expect(page).toHaveURL(/register/)
  })

  test('zh: a new attendee with photo, follower and activity; a reload keeps everything; home afterwards; details edited', async ({ page }) => {
    await page.goto(REGISTER)
    await expect(page.locator('.reg-type--attendee')).toBeVisible()
    await shot(page, 'zh-1-register')
    await page.locator('.reg-type--attendee').click()
    await expect(page).toHaveURL(/\/form/)
    await expect(regInput(page, 'attendee-name')).toBeVisible()

    // submitting empty shows the problems at the fields
    await page.locator('.reg-form__submit').click()
    await expect(page.locator('.reg-field--attendee-name .reg-field__problem')).toHaveText('请填写姓名')
    await shot(page, 'zh-2-problems')

    await regType(page, 'attendee-name', '陈晓')
    await page.locator('.reg-choice--attendee-sex-ms').click()
    await regType(page, 'attendee-mobile', '13911112222')
    await regType(page, 'attendee-email', 'not-an-email')
    await expect(page.locator('.reg-field--attendee-email .reg-field__problem')).toHaveText('请输入正确的邮箱')
    await regType(page, 'attendee-email', 'chenxiao@example.com')
    await regType(page, 'attendee-company', '示例网络科技')

    // reload mid-form: nothing typed is lost
    await page.reload()
    await expect(regInput(page, 'attendee-name')).toHaveValue('陈晓')
    await expect(regInput(page, 'attendee-email')).toHaveValue('chenxiao@example.com')
    await expect(page.locator('.reg-choice--attendee-sex-ms')).toHaveClass(/is-on/)

    await regPickFirst(page, 'nation')
    await regPickFirst(page, 'province')
    await regPickFirst(page, 'city')
    await regPickFirst(page, 'county')
    await regType(page, 'attendee-address', '世纪大道 100 号')
    await regType(page, 'attendee-postcode', '2001')
    await expect(page.locator('.reg-field--attendee-postcode .reg-field__problem')).toHaveText('请输入正确的邮政编码')
    await regType(page, 'attendee-postcode', '200120')
    await regPickFirst(page, 'attendee-idType')
    await regType(page, 'attendee-idNumber', '110101199003074478')
    await expect(page.locator('.reg-field--attendee-idDocument .reg-field__problem')).toHaveText('请输入正确的证件号码')
    await regType(page, 'attendee-idNumber', '11010519491231002X')
    await expect(page.locator('.reg-field--attendee-idDocument .reg-field__problem')).toHaveCount(0)
    await page.locator('.reg-choice--attendee-isAttend-attend').click()
    await regUploadPhoto(page)

    await page.locator('.reg-activity--gala-dinner').click()
    await page.locator('.reg-follower__add--companion').click()
    await regType(page, 'follower-1-name', '陈小宝')
    await page.locator('.reg-choice--follower-1-sex-mr').click()
    await regType(page, 'follower-1-mobile', '13911113333')
    await regPickFirst(page, 'follower-1-idType')
    await regType(page, 'follower-1-idNumber', '110101199003074477')

    // the protocol is required
    await page.locator('.reg-form__submit').click()
    await expect(page.getByText('请勾选协议').first()).toBeVisible()
    await page.locator('.reg-protocol__check').click()
    await shot(page, 'zh-3-filled')
    await page.locator('.reg-form__submit').click()

    // the demo event sends a plain attendee straight home, logged in
    await expect(page).toHaveURL(/\/home/, { timeout: 20_000 })
    await expect(page.getByText('陈晓').first()).toBeVisible()

    // the details afterwards: shown and editable while the event runs
    await page.goto(FORM)
    await expect(page.locator('.reg-edit__head')).toContainText('报名成功')
    await expect(regInput(page, 'attendee-company')).toHaveValue('示例网络科技')
    await expect(page.locator('.reg-activity--gala-dinner')).toHaveClass(/is-on/)
    await expect(page.locator('.reg-upload--photo .reg-upload__name')).toContainText('portrait.png')
    await expect(regInput(page, 'follower-1-name')).toHaveValue('陈小宝')
    await regType(page, 'attendee-company', '示例网络科技（上海）')
    await page.locator('.reg-edit__save').click()
    await expect(page.locator('.taro__toast').getByText('已保存')).toBeVisible()
    await shot(page, 'zh-4-edit')
    await page.reload()
    await expect(regInput(page, 'attendee-company')).toHaveValue('示例网络科技（上海）')
  })

  test('en: the press type is reviewed: photo, follower, result page under audit', async ({ page }) => {
    await page.goto(REGISTER)
    await switchToEnglish(page)
    await expect(page.locator('.reg-type--media')).toContainText('Press (reviewed)')
    await page.locator('.reg-type--media').click()
    await expect(regInput(page, 'attendee-surname')).toBeVisible()
    await regType(page, 'attendee-surname', 'Smith')
    await regType(page, 'attendee-givenName', 'Anna')
    await page.locator('.reg-choice--attendee-sex-ms').click()
    await regType(page, 'attendee-mobile', '13922223333')
    await regType(page, 'attendee-email', 'anna@press.example.com')
    await regType(page, 'attendee-company', 'Tech Daily')
    await regType(page, 'attendee-position', 'Reporter')
    await regPickFirst(page, 'attendee-certificateType')
    await regType(page, 'attendee-certificateNumber', 'J20260001')
    await page.reload()
    await expect(regInput(page, 'attendee-givenName')).toHaveValue('Anna')
    await expect(regInput(page, 'attendee-certificateNumber')).toHaveValue('J20260001')
    await regPickFirst(page, 'attendee-idType')
    await regType(page, 'attendee-idNumber', '1')
    await expect(page.locator('.reg-field--attendee-idDocument .reg-field__problem')).toHaveText('Please enter the correct ID number')
    await regType(page, 'attendee-idNumber', '11010519491231002X')
    await page.locator('.reg-choice--attendee-isAttend-attend').click()
    await regUploadPhoto(page)
    await page.locator('.reg-follower__add--companion').click()
    await regType(page, 'follower-1-name', 'Tom Smith')
    await page.locator('.reg-choice--follower-1-sex-mr').click()
    await regType(page, 'follower-1-mobile', '13922224444')
    await regPickFirst(page, 'follower-1-idType')
    await regType(page, 'follower-1-idNumber', '110101199003074477')
    await page.locator('.reg-protocol__check').click()
    await shot(page, 'en-1-filled')
    await page.locator('.reg-form__submit').click()

    await expect(page).toHaveURL(/\/register.*result=/, { timeout: 20_000 })
    await expect(page.locator('.reg-result--auditing')).toContainText('Under audit')
    await shot(page, 'en-2-result')
    // the result survives a reload (asked again from the server)
    await page.reload()
    await expect(page.locator('.reg-result--auditing')).toBeVisible()
  })
})
