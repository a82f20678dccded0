/**
 * Attendee import and export in the console (register/attendee-import.ts, attendee-export.ts): who
 * may import and export, another event answered as missing, every refusal of a file and of a row
 * with nothing written, the one transaction, the audit row, the same file twice, two imports at once.
 */
import { and, count, eq } from 'drizzle-orm'
import Papa from 'papaparse'
import writeXlsxFile from 'write-excel-file/node'
import { readSheet } from 'read-excel-file/node'
import { exportAttendees, importAttendees, previewImport } from '@contracts/admin/attendee-io'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { MESSAGES } from '@contracts/messages'
import { attendees, auditLog, events, users } from '../src/kernel/db/schema'
import { COLLEAGUE_USER, DEMO_USER, OUTSIDER_USER } from '../src/seed'
import { ATTENDEE_IO_RULES } from '../src/register/rules/attendee-io-rules'
import { setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const HEADER_ZH = ['姓名', '手机号', '邮箱', '单位', '参会人类型', '报名状态']
const HEADER_EN = ['Name', 'Mobile', 'E-mail', 'Company', 'Attendee type', 'Registration status']
const person = (i: number) => [`参会人${i}`, `1370000${String(i).padStart(4, '0')}`, `p${i}@example.com`, '示例公司', 'attendee', '']
const csv = (rows: string[][], header = HEADER_ZH) => Buffer.from(Papa.unparse([header, ...rows]), 'utf8')
const xlsx = async (rows: Array<Array<string | number>>, header = HEADER_EN) =>
  writeXlsxFile([header, ...rows].map((r) => r.map((value) => ({ value })))).toBuffer()

const send = (path: string, token: string, bytes: Buffer, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(path, { eventCode: 'DEMO', fileName: 'people.csv', content: bytes.toString('base64'), ...over }, { token, lang })
const preview = (token: string, bytes: Buffer, over?: Record<string, unknown>, lang?: string) => send(previewImport.path, token, bytes, over, lang)
const run = (token: string, bytes: Buffer, over?: Record<string, unknown>, lang?: string) => send(importAttendees.path, token, bytes, over, lang)
const exported = (token: string, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(exportAttendees.path, { eventCode: 'DEMO', keyword: '', userType: '', status: '', checkin: 'all', format: 'csv', ...over }, { token, lang })

async function demoCount(): Promise<number> {
  const [event] = await t.db.db.select().from(events).where(eq(events.eventCode, 'DEMO'))
  const [row] = await t.db.db.select({ n: count() }).from(attendees).where(eq(attendees.eventId, event.id))
  return row.n
}
const userCount = async () => (await t.db.db.select({ n: count() }).from(users))[0].n
const importAudits = () => t.db.db.select().from(auditLog).where(eq(auditLog.action, 'attendee.import'))

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  it(`${ROLE_PERMISSIONS['attendee.edit'].includes(role) ? 'previews and imports' : 'is refused previewing and importing'}; exports`, async () => {
    const token = await staffWithRole(t, `i-${role}`, role)
    const allowed = ROLE_PERMISSIONS['attendee.edit'].includes(role)
    const file = csv([person(1)])
    expect((await preview(token, file)).body.msgId).toBe(allowed ? '' : 'ESTF2001')
    expect((await run(token, file)).body.msgId).toBe(allowed ? '' : 'ESTF2001')
    expect((await exported(token)).body.msgId).toBe(ROLE_PERMISSIONS['attendee.read'].includes(role) ? '' : 'ESTF2001')
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await preview(token, csv([person(1)]), { eventCode })).body.msgId).toBe('ESYS0004')
      expect((await run(token, csv([person(1)]), { eventCode })).body.msgId).toBe('ESYS0004')
      expect((await exported(token, { eventCode })).body.msgId).toBe('ESYS0004')
    }
  })
})

describe('a file refused whole', () => {
  it.each([
    ['empty', Buffer.alloc(0), 'EADM4002'],
    ['blank lines only', Buffer.from('\n\n'), 'EADM4002'],
    ['not a spreadsheet (binary)', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), 'EADM4003'],
    ['a zip that is no XLSX', Buffer.from('PK\u0003\u0004garbage'), 'EADM4003'],
    ['wrong headers', Buffer.from('foo,bar\n1,2\n'), 'EADM4006'],
    ['a header missing', Buffer.from('姓名,手机号,邮箱\n张三,13700000001,\n'), 'EADM4005'],
    ['no rows', csv([]), 'EADM4007'],
  ])('%s', async (_, bytes, msgId) => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const before = await demoCount()
    for (const call of [preview, run]) {
      const r = await call(token, bytes, {}, 'en')
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).toBe(msgId)
    }
    expect(await demoCount()).toBe(before)
  })

  it('names the missing columns and the limits in the caller language', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    expect((await preview(token, Buffer.from('Name,Mobile\nA,13700000001\n'), {}, 'en')).body.msgText).toBe(
      'Missing columns: E-mail, Attendee type (please use the import template)',
    )
    expect((await preview(token, Buffer.from('姓名,手机号\n张三,13700000001\n'))).body.msgText).toBe('缺少列：邮箱、参会人类型（请使用导入模板）')
  })

  it('takes a file of the largest size and rows, and refuses one byte or one row more', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const rows = Array.from({ length: ATTENDEE_IO_RULES.maxRows }, (_, i) => person(i))
    const full = csv(rows)
    expect((await preview(token, full)).body.data.problems).toEqual([])
    const over = await preview(token, csv([...rows, person(ATTENDEE_IO_RULES.maxRows)]), {}, 'en')
    expect(over.body.msgId).toBe('EADM4004')
    expect(over.body.msgText).toBe(`A file may hold at most ${ATTENDEE_IO_RULES.maxRows} attendee rows`)
    // padded with blank lines, which are skipped: exactly the largest size, then a byte more
    const pad = (n: number) => Buffer.concat([full, Buffer.alloc(n - full.length, '\n')])
    expect((await preview(token, pad(ATTENDEE_IO_RULES.maxFileBytes))).body.msgId).toBe('')
    const big = await preview(token, pad(ATTENDEE_IO_RULES.maxFileBytes + 1), {}, 'en')
    expect(big.body.msgId).toBe('EADM4001')
    expect(big.body.msgText).toBe('The file may be at most 5 MB')
  })
})

describe('row problems', () => {
  it('reports every bad row with its spreadsheet row, column and message; writes nothing', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const file = await xlsx([
      ['Good One', 13700001001, 'good1@example.com', '', 'Attendee', 'Approved'],
      ['', '13700001002', '', '', 'attendee', ''],
      ['Bad Mobile', '1370000', '', '', 'attendee', ''],
      ['Bad Mail', '', 'not-mail', '', 'attendee', ''],
      ['No Contact', '', '', '', 'attendee', ''],
      ['Bad Type', '13700001003', '', '', 'speaker', ''],
      ['Bad Status', '13700001004', '', '', '媒体记者（需审核）', 'maybe'],
      ['Again', 13700001001, '', '', 'attendee', ''],
      ['On List', DEMO_USER.mobile, '', '', 'attendee', ''],
      ['Two People', COLLEAGUE_USER.mobile, OUTSIDER_USER.email, '', 'attendee', ''],
      ['x'.repeat(65), '13700001005', '', '', 'attendee', ''],
    ])
    const before = [await demoCount(), await userCount()]
    const r = await preview(token, file, { fileName: 'people.xlsx' }, 'en')
    expect(r.body.msgId).toBe('')
    expect(r.body.data.rows).toHaveLength(11)
    expect(r.body.data.rows[0]).toEqual({
      row: 2,
      cells: { name: 'Good One', mobile: '13700001001', email: 'good1@example.com', company: '', userType: 'Attendee', status: 'Approved' },
    })
    const found = r.body.data.problems.map((p: { row: number; column: string; msgId: string }) => [p.row, p.column, p.msgId])
    expect(found).toEqual([
      [3, 'name', 'EADM4010'],
      [4, 'mobile', 'EADM4012'],
      [5, 'email', 'EADM4013'],
      [6, 'mobile', 'EADM4014'],
      [7, 'userType', 'EADM4015'],
      [8, 'status', 'EADM4016'],
      [9, 'mobile', 'EADM4017'],
      [10, 'mobile', 'EADM4018'],
      [11, 'email', 'EADM4019'],
      [12, 'name', 'EADM4011'],
    ])
    expect(r.body.data.problems[6].message).toBe('Same as row 2')
    expect(r.body.data.problems[9].message).toBe('At most 64 characters')
    const zh = await preview(token, file, { fileName: 'people.xlsx' })
    expect(zh.body.data.problems[0].message).toBe(MESSAGES.EADM4010.zh)
    const tried = await run(token, file, { fileName: 'people.xlsx' })
    expect(tried.body.data.imported).toBe(0)
    expect(tried.body.data.problems).toHaveLength(10)
    expect([await demoCount(), await userCount()]).toEqual(before)
    expect(await importAudits()).toEqual([])
  })
})

describe('importing', () => {
  it('adds every row in one go with one audit row; the same file again is all on the list; the export has them', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const before = await demoCount()
    const rows = [...Array.from({ length: 30 }, (_, i) => person(i)), ['赵磊', OUTSIDER_USER.mobile, '', '', '媒体记者（需审核）', '审核中']]
    const file = csv(rows, HEADER_EN)
    expect((await preview(token, file)).body.data.problems).toEqual([])
    const r = await run(token, file)
    expect(r.body.data).toMatchObject({ imported: 31, problems: [] })
    expect(await demoCount()).toBe(before + 31)
    // someone known from another event is added as themselves
    const [outsider] = await t.db.db.select().from(users).where(eq(users.mobile, OUTSIDER_USER.mobile))
    const [place] = await t.db.db
      .select()
      .from(attendees)
      .where(and(eq(attendees.userId, outsider.id)))
    expect(outsider.userCode).toBe(OUTSIDER_USER.userCode)
    expect(place).toMatchObject({ userType: 'media', status: 'auditing' })
    expect(await importAudits()).toMatchObject([{ target: 'people.csv', before: null, after: { fileName: 'people.csv', count: 31 } }])

    const again = await preview(token, file, {}, 'en')
    expect(again.body.data.problems).toHaveLength(31)
    expect(again.body.data.problems.every((p: { msgId: string }) => p.msgId === 'EADM4018')).toBe(true)
    expect((await run(token, file)).body.data.imported).toBe(0)
    expect(await demoCount()).toBe(before + 31)

    const out = await exported(token, { keyword: '参会人' }, 'en')
    expect(out.body.data.count).toBe(30)
    const text = Buffer.from(out.body.data.content, 'base64').toString('utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const table = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data
    expect(table[0]).toEqual(expect.arrayContaining(['Name', 'Mobile', 'E-mail', 'Attendee type', 'Registration status', 'Added', 'Checked in']))
    expect(
      table
        .slice(1)
        .map((r) => r[table[0].indexOf('Mobile')])
        .sort(),
    ).toEqual(
      rows
        .slice(0, 30)
        .map((r) => r[1])
        .sort(),
    )
    const xl = await exported(token, { format: 'xlsx', status: 'auditing' })
    const sheet = await readSheet(Buffer.from(xl.body.data.content, 'base64'))
    expect(sheet[0]).toEqual(expect.arrayContaining(['姓名', '手机', '参会人类型', '报名状态']))
    expect(sheet.slice(1).map((r) => r[sheet[0].indexOf('手机')])).toEqual(expect.arrayContaining([OUTSIDER_USER.mobile]))
  })

  it('two imports of overlapping files at once: no person and no attendee twice', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const before = await demoCount()
    const a = csv(Array.from({ length: 40 }, (_, i) => person(i)))
    const b = csv(Array.from({ length: 40 }, (_, i) => person(i + 20)))
    const [ra, rb] = await Promise.all([run(token, a), run(token, b)])
    const answers = [ra.body, rb.body]
    // the second sees the first's rows: refused with its report, or told the file changed meanwhile
    const done = answers.filter((x) => x.msgId === '' && x.data.imported === 40)
    expect(done).toHaveLength(1)
    const [event] = await t.db.db.select().from(events).where(eq(events.eventCode, 'DEMO'))
    expect(await demoCount()).toBe(before + 40)
    const mobiles = (await t.db.db.select({ m: users.mobile }).from(users)).flatMap((u) => (u.m ? [u.m] : []))
    // the refused file wrote none of its own 20 new people either
    expect(mobiles.filter((m) => m.startsWith('1370000'))).toHaveLength(40)
    expect(new Set(mobiles).size).toBe(mobiles.length)
    const places = await t.db.db.select({ u: attendees.userId }).from(attendees).where(eq(attendees.eventId, event.id))
    expect(new Set(places.map((p) => p.u)).size).toBe(places.length)
  })
})
