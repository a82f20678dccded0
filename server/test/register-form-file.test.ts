/** The organiser's form file (register/rules/form-file.ts) and its loader: every problem listed with its place, nothing half-loaded. */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEMO_FORM } from '../src/seed'
import { FormFileError, parseFormFile } from '../src/register/rules/form-file'
import { loadRegistrationForm } from '../src/register/load'
import { setup, type TestContext } from './helper'

const demo = () =>
  JSON.parse(JSON.stringify(DEMO_FORM)) as Record<string, unknown> & {
    attendeeTypes: Array<Record<string, unknown> & { fields: Array<Record<string, unknown>> }>
  }
const problemsOf = (file: unknown): string[] => {
  try {
    parseFormFile(file)
    return []
  } catch (e) {
    if (e instanceof FormFileError) return e.problems
    throw e
  }
}

describe('the form file', () => {
  it('the demo form is valid and uses every field type', () => {
    const { form } = parseFormFile(DEMO_FORM)
    const keys = new Set(form.attendeeTypes.flatMap((t) => t.fields.map((f) => f.key)))
    const { FIELD_KEYS } = jest.requireActual('@contracts/register-form') as typeof import('@contracts/register-form')
    expect([...FIELD_KEYS].filter((k) => !keys.has(k))).toEqual([])
    expect(form.attendeeTypes.some((t) => t.audit)).toBe(true)
    expect(form.followerTypes).toHaveLength(1)
  })

  it.each<[string, (f: ReturnType<typeof demo>) => void, RegExp]>([
    ['an unknown field', (f) => (f.attendeeTypes[0].fields[0].key = 'shoeSize'), /^attendeeTypes\.0\.fields\.0\.key: /],
    ['a field twice', (f) => f.attendeeTypes[0].fields.push({ key: 'qq' }), /field qq appears twice/],
    ['no way to log in', (f) => (f.attendeeTypes[0].fields = [{ key: 'name', required: true }]), /required mobile or email/],
    ['upload limits on a text field', (f) => (f.attendeeTypes[0].fields[0].upload = { formats: ['png'], maxBytes: 1 }), /only photo and attachment/],
    ['an unknown format', (f) => (f.attendeeTypes[0].fields.find((x) => x.key === 'photo')!.upload = { formats: ['exe'], maxBytes: 1 }), /formats/],
    ['a type code twice', (f) => f.attendeeTypes.push(f.attendeeTypes[0]), /code attendee appears twice/],
    ['a missing protocol', (f) => delete f.protocolZh, /^protocolZh: /],
    ['an unknown key', (f) => (f.colour = 'red'), /colour|Unrecognized/],
    [
      'an agenda item ending before it starts',
      (f) => (f.agenda = [{ code: 'x', startTime: '2026-01-01T10:00:00+08:00', endTime: '2026-01-01T09:00:00+08:00', titleZh: 'x', titleEn: 'x' }]),
      /endTime must be after/,
    ],
  ])('refuses %s, saying where', (_name, change, expected) => {
    const f = demo()
    change(f)
    expect(problemsOf(f).join('\n')).toMatch(expected)
  })
})

describe('loading', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await setup()
    await t.reset()
  })
  afterAll(async () => t?.close())

  it('loads a form and an agenda in one go; a bad file changes nothing', async () => {
    const f = demo()
    f.agenda = [
      {
        code: 'soon-talk',
        startTime: '2026-12-01T10:00:00+08:00',
        endTime: '2026-12-01T11:00:00+08:00',
        titleZh: '演讲',
        titleEn: 'Talk',
        signupOpen: true,
        capacity: 10,
      },
    ]
    // three types, of which the app offers two (the third is by invitation)
    expect(await loadRegistrationForm(t.app.deps, 'SOON', f)).toEqual({ types: 3, agenda: 1 })
    const open = await t.post('/api/register/signupContactType/list', { eventCode: 'SOON' })
    expect(open.body.data.open).toBe(true)
    await expect(loadRegistrationForm(t.app.deps, 'SOON', { ...f, attendeeTypes: [] })).rejects.toBeInstanceOf(FormFileError)
    expect((await t.post('/api/register/signupContactType/list', { eventCode: 'SOON' })).body.data.types).toHaveLength(2)
  })

  it('the command checks a file and says what is wrong', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'form-'))
    const good = path.join(dir, 'good.json')
    const bad = path.join(dir, 'bad.json')
    fs.writeFileSync(good, JSON.stringify(DEMO_FORM))
    fs.writeFileSync(bad, JSON.stringify({ ...DEMO_FORM, maxActivities: -1 }))
    const cli = path.join(__dirname, '../src/register/cli.ts')
    const tsx = path.join(__dirname, '../../node_modules/.bin/tsx')
    expect(execFileSync(tsx, [cli, 'load', '--check', '--file', good], { encoding: 'utf8' })).toContain('valid')
    let out = ''
    try {
      execFileSync(tsx, [cli, 'load', '--check', '--file', bad], { encoding: 'utf8', stdio: 'pipe' })
    } catch (e) {
      out = String((e as { stderr: string }).stderr)
    }
    expect(out).toMatch(/maxActivities/)
  }, 60_000)
})
