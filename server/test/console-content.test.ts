/**
 * The console's content editors (content/admin.ts, microsite/pictures.ts): the registration form
 * with its agenda and the microsite read as their files' JSON, checked with every problem's path in
 * the caller's language, published through the command lines' writers with an audit summary, the
 * attendee app seeing a publish at once; pictures into the file storage. Each role allowed and
 * refused, another event answered as missing, nothing written on any problem.
 */
import { and, eq } from 'drizzle-orm'
import { checkAdminContent, getAdminContent, listAdminSitePictures, publishAdminContent, uploadAdminSitePicture } from '@contracts/admin/content'
import { CONTENT_RULES } from '@contracts/admin/content-rules'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { getFieldRules } from '@contracts/calls/register'
import { getMicrositeByEventCode } from '@contracts/calls/microsite'
import { auditLog, events } from '../src/kernel/db/schema'
import { setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

type Kind = 'form' | 'microsite'
const read = (token: string, kind: Kind, eventCode = 'DEMO') => t.post(getAdminContent.path, { eventCode, kind }, { token })
const check = (token: string, kind: Kind, text: string, lang?: string, eventCode = 'DEMO') =>
  t.post(checkAdminContent.path, { eventCode, kind, text }, { token, lang })
const publish = (token: string, kind: Kind, text: string, lang?: string, eventCode = 'DEMO') =>
  t.post(publishAdminContent.path, { eventCode, kind, text }, { token, lang })
/** a 1×1 PNG */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const upload = (token: string, dataBase64 = PNG, eventCode = 'DEMO', lang?: string) =>
  t.post(uploadAdminSitePicture.path, { eventCode, dataBase64 }, { token, lang })
const auditRows = async (action: string) => t.db.db.select().from(auditLog).where(eq(auditLog.action, action))
const fieldLabel = async (key: string) => {
  const r = await t.post(getFieldRules.path, { eventCode: 'DEMO', contactType: 'attendee' })
  return r.body.data.fields.find((f: { key: string }) => f.key === key)
}

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  const allowed = ROLE_PERMISSIONS['content.edit'].includes(role)
  it(`${allowed ? 'reads, checks, publishes and uploads' : 'is refused every content call'}`, async () => {
    const token = await staffWithRole(t, `c-${role}`, role)
    const want = allowed ? '' : 'ESTF2001'
    for (const kind of ['form', 'microsite'] as const) {
      const r = await read(token, kind)
      expect(r.body.msgId).toBe(want)
      const text = allowed ? r.body.data.text : '{}'
      expect((await check(token, kind, text)).body.msgId).toBe(want)
      expect((await publish(token, kind, text)).body.msgId).toBe(want)
    }
    expect((await upload(token)).body.msgId).toBe(want)
    expect((await t.post(listAdminSitePictures.path, { eventCode: 'DEMO' }, { token })).body.msgId).toBe(want)
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await read(token, 'form', eventCode)).body.msgId).toBe('ESYS0004')
      expect((await check(token, 'form', '{}', undefined, eventCode)).body.msgId).toBe('ESYS0004')
      expect((await publish(token, 'microsite', '{}', undefined, eventCode)).body.msgId).toBe('ESYS0004')
      expect((await upload(token, PNG, eventCode)).body.msgId).toBe('ESYS0004')
    }
  })
})

describe('the registration form', () => {
  it('reads back as a file that checks clean, with a preview in the event time zone', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const src = (await read(token, 'form')).body.data
    expect(src.timeZone).toBe('Asia/Shanghai')
    const file = JSON.parse(src.text)
    expect(file.attendeeTypes.map((x: { code: string; byInvitation: boolean }) => [x.code, x.byInvitation])).toEqual([
      ['attendee', false],
      ['media', false],
      ['vip', true],
    ])
    const r = await check(token, 'form', src.text)
    expect(r.body.data.problems).toEqual([])
    expect(r.body.data.preview).toMatchObject({
      kind: 'form',
      timeZone: 'Asia/Shanghai',
      form: { attendeeTypes: [{ code: 'attendee' }, { code: 'media' }, { code: 'vip', byInvitation: true }] },
    })
  })

  it('lists every problem with its path, in the caller language; bad JSON is a problem with its line', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const file = JSON.parse((await read(token, 'form')).body.data.text)
    file.attendeeTypes[0].fields[0].key = 'shoeSize'
    file.attendeeTypes[1].fields.push({ key: 'mobile' })
    const zh = (await check(token, 'form', JSON.stringify(file), 'zh')).body.data
    expect(zh.preview).toBeNull()
    expect(zh.problems.map((p: { path: unknown[] }) => p.path)).toEqual(expect.arrayContaining([['attendeeTypes', 0, 'fields', 0, 'key']]))
    expect(zh.problems.map((p: { message: string }) => p.message).join('\n')).toMatch(/出现了两次/)
    const en = (await check(token, 'form', JSON.stringify(file), 'en')).body.data
    expect(en.problems.map((p: { message: string }) => p.message).join('\n')).toMatch(/appears twice/)
    const bad = (await check(token, 'form', '{\n  "open": true,\n  oops\n}', 'en')).body.data
    expect(bad.problems).toEqual([{ path: [], message: expect.stringMatching(/line 3/) }])
    expect((await check(token, 'form', '{"open": ', 'zh')).body.data.problems[0].message).toMatch(/不是有效的 JSON/)
  })

  it('publishes a label the attendee app shows at once, with an audit summary; a bad draft writes nothing', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const file = JSON.parse((await read(token, 'form')).body.data.text)
    const name = file.attendeeTypes[0].fields.find((f: { key: string }) => f.key === 'name')
    name.labelEn = 'Full name (as on the badge)'

    const broken = structuredClone(file)
    broken.protocolZh = ''
    const refused = await publish(token, 'form', JSON.stringify(broken))
    expect(refused.body).toMatchObject({ msgId: '', data: { published: false, preview: null } })
    expect(refused.body.data.problems[0].path).toEqual(['protocolZh'])
    expect((await fieldLabel('name')).labelEn).not.toBe('Full name (as on the badge)')
    expect(await auditRows('content.form.publish')).toHaveLength(0)

    const r = await publish(token, 'form', JSON.stringify(file))
    expect(r.body.data).toMatchObject({ published: true, problems: [] })
    expect((await fieldLabel('name')).labelEn).toBe('Full name (as on the badge)')
    const [row] = await auditRows('content.form.publish')
    expect(row).toMatchObject({ target: 'DEMO', before: { digest: expect.any(String) }, after: { digest: expect.any(String) } })
    expect(row.before).not.toEqual(row.after)
    // the same file again changes nothing and records nothing
    await publish(token, 'form', JSON.stringify(file))
    expect(await auditRows('content.form.publish')).toHaveLength(1)
  })

  it('adds an agenda item in the file; the command line loads the same file the same way', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const file = JSON.parse((await read(token, 'form')).body.data.text)
    file.agenda.push({ code: 'extra-talk', startTime: '2030-01-01T10:00:00+08:00', endTime: '2030-01-01T11:00:00+08:00', titleZh: '加场', titleEn: 'Extra' })
    expect((await publish(token, 'form', JSON.stringify(file))).body.data.published).toBe(true)
    const again = JSON.parse((await read(token, 'form')).body.data.text)
    expect(again.agenda.find((a: { code: string }) => a.code === 'extra-talk')).toMatchObject({ startTime: '2030-01-01T10:00:00+08:00', titleEn: 'Extra' })
  })

  it('refuses a draft over the size limit with its message, and a wrong kind, never a 5xx', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await check(token, 'form', ' '.repeat(CONTENT_RULES.maxDraftChars + 1), 'en')
    expect(r.statusCode).toBe(200)
    expect(r.body.msgId).toBe('EADM5001')
    expect(r.body.msgText).toMatch(String(CONTENT_RULES.maxDraftChars))
    expect((await t.post(checkAdminContent.path, { eventCode: 'DEMO', kind: 'agenda', text: '{}' }, { token })).body.msgId).toBe('EVAL0001')
    expect((await t.post(checkAdminContent.path, { eventCode: 'DEMO', kind: 'form', text: 5 }, { token })).body.msgId).toBe('EVAL0001')
  })
})

describe('the microsite', () => {
  it('reads back, checks clean, previews sanitised html and publishes a title the attendee app shows at once', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const text = (await read(token, 'microsite')).body.data.text
    expect((await check(token, 'microsite', text)).body.data.problems).toEqual([])
    const file = JSON.parse(text)
    file.titleEn = 'A renamed microsite'
    const textModule = file.pages.flatMap((p: { modules: Array<{ kind: string }> }) => p.modules).find((m: { kind: string }) => m.kind === 'text')
    textModule.texts.en = { title: 'T', subtitle: '', html: '<p>ok</p><script>alert(1)</script>' }
    const preview = (await check(token, 'microsite', JSON.stringify(file))).body.data.preview
    const html = JSON.stringify(preview)
    expect(html).toContain('<p>ok</p>')
    expect(html).not.toContain('<script>')
    // read once so the event cache holds the old row
    await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' })
    expect((await publish(token, 'microsite', JSON.stringify(file))).body.data.published).toBe(true)
    expect((await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' })).body.data.titleEn).toBe('A renamed microsite')
    const [row] = await auditRows('content.microsite.publish')
    expect(row.after).toMatchObject({ title: expect.stringContaining('A renamed microsite') })
  })

  it('a broken link is a problem at its path in Chinese; nothing is written', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const file = JSON.parse((await read(token, 'microsite')).body.data.text)
    const pi = file.pages.findIndex((p: { modules: Array<{ kind: string }> }) => p.modules.some((m) => m.kind === 'page' || m.kind === 'article'))
    const mi = file.pages[pi].modules.findIndex((m: { kind: string }) => m.kind === 'page' || m.kind === 'article')
    file.pages[pi].modules[mi].target = 'nowhere'
    file.titleZh = '不应写入'
    const r = (await publish(token, 'microsite', JSON.stringify(file), 'zh')).body.data
    expect(r.published).toBe(false)
    expect(r.problems).toEqual([{ path: ['pages', pi, 'modules', mi, 'target'], message: expect.stringMatching(/没有代码为 "nowhere"/) }])
    expect((await t.post(getMicrositeByEventCode.path, { eventCode: 'DEMO' })).body.data.titleZh).not.toBe('不应写入')
  })
})

describe('pictures', () => {
  it('uploads a picture into the file storage, served at its address and listed once', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await upload(token)
    expect(r.body.data).toMatchObject({ url: expect.stringMatching(/^\/files\/events\/demo\/[0-9a-f]{20}\.png$/), width: 1, height: 1 })
    const served = await t.app.inject({ method: 'GET', url: r.body.data.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toMatch(/image\/png/)
    await upload(token)
    const list = (await t.post(listAdminSitePictures.path, { eventCode: 'DEMO' }, { token })).body.data
    expect(list.map((p: { url: string }) => p.url)).toEqual([r.body.data.url])
    const [event] = await t.db.db.select().from(events).where(eq(events.eventCode, 'DEMO'))
    const rows = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventId, event.id), eq(auditLog.action, 'content.picture.upload')))
    expect(rows).toHaveLength(2)
  })

  it('refuses what is not a picture, an empty one and one too large, in the caller language', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    expect((await upload(token, Buffer.from('%PDF-1.4 hello').toString('base64'), 'DEMO', 'en')).body.msgText).toMatch(/JPG, PNG/)
    expect((await upload(token, '', 'DEMO', 'zh')).body.msgId).toBe('EADM5005')
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(CONTENT_RULES.pictures.maxBytes)]).toString('base64')
    const r = await upload(token, big, 'DEMO', 'zh')
    expect(r.body.msgId).toBe('EADM5004')
    expect((await upload(token, '***', 'DEMO', 'en')).body.msgId).toBe('EADM5003')
    expect(await auditRows('content.picture.upload')).toHaveLength(0)
  })
})
