/**
 * The registration form's rules (contracts/register-form.ts), table by table, each with the
 * message it gives: the catalogue text on the client (both languages) and the server's msgId and
 * text. The server runs the same functions (server/test/register.test.ts checks it answers them).
 */
import { MESSAGES } from '@contracts/messages'
import {
  PROBLEM_MSG_IDS,
  cleanValues,
  displayName,
  fieldProblem,
  formProblems,
  phoneProblem,
  type FieldConfig,
  type FieldKey,
  type FormProblem,
  type FormValues,
} from '@contracts/register-form'
import registerEn from '@/locales/register.en'
import registerZhCN from '@/locales/register.zh-CN'
import { draftProblemMessage, draftProblems, emptyDraft, localFileProblem, passwordProblem } from '@/features/register/model/form'

const F = (key: FieldKey, required = true): FieldConfig => ({ key, required, labelZh: '', labelEn: '' })
const ctx = {
  lists: {
    personalPosition: [{ value: 'engineer', labelZh: '工程师', labelEn: 'Engineer' }],
    certificateType: [{ value: 'press', labelZh: '记者证', labelEn: 'Press card' }],
  },
  today: new Date('2026-06-01'),
}
const VALID_ID = '110101199003074477'
const phone = (area: string, number: string, ext = '', country = '+86') => ({ country, area, number, ext })

describe('every problem has its texts', () => {
  const problems = Object.keys(PROBLEM_MSG_IDS) as FormProblem[]
  it.each(problems)('%s: zh and en catalogue texts, a server msgId with the same meaning', (p) => {
    expect(registerZhCN.problem[p]).toBeTruthy()
    expect(registerEn.problem[p]).toBeTruthy()
    const msg = MESSAGES[PROBLEM_MSG_IDS[p]]
    expect(msg.zh).toBe(registerZhCN.problem[p])
    expect(msg.en).toBe(registerEn.problem[p])
  })
})

describe('fieldProblem', () => {
  it.each<[string, FieldConfig, FormValues, FormProblem | null]>([
    // names (spec §5 "Name is required", "Surname is required")
    ['name blank', F('name'), { name: '  ' }, 'nameRequired'],
    ['name given', F('name'), { name: '张三' }, null],
    ['name optional blank', F('name', false), {}, null],
    ['name 200 chars', F('name'), { name: 'x'.repeat(200) }, null],
    ['name 201 chars', F('name'), { name: 'x'.repeat(201) }, 'tooLong'],
    ['surname missing', F('surnameGiven'), { givenName: 'Lei' }, 'surnameRequired'],
    ['given name missing', F('surnameGiven'), { surname: 'Li' }, 'nameRequired'],
    ['optional pair half filled', F('surnameGiven', false), { surname: 'Li' }, 'nameRequired'],
    ['sex missing', F('sex'), {}, 'required'],
    ['sex odd', F('sex'), { sex: 'x' as never }, 'choice'],
    ['attend', F('isAttend'), { isAttend: 'absent' }, null],
    // mobile: 11 digits starting with 1
    ['mobile 11 digits', F('mobile'), { mobile: '13912345678' }, null],
    ['mobile 10 digits', F('mobile'), { mobile: '1391234567' }, 'mobile'],
    ['mobile 12 digits', F('mobile'), { mobile: '139123456789' }, 'mobile'],
    ['mobile not starting 1', F('mobile'), { mobile: '23912345678' }, 'mobile'],
    ['spare mobile optional', F('spareMobile', false), {}, null],
    ['spare mobile bad', F('spareMobile', false), { spareMobile: '12' }, 'mobile'],
    // e-mail
    ['email ok', F('email'), { email: 'a.b@example.com' }, null],
    ['email no domain', F('email'), { email: 'a@b' }, 'email'],
    ['spare email bad', F('spareEmail', false), { spareEmail: 'nope' }, 'email'],
    // postcode: 6 digits
    ['postcode missing', F('postcode'), {}, 'postcodeRequired'],
    ['postcode 6 digits', F('postcode'), { postcode: '200120' }, null],
    ['postcode 5 digits', F('postcode'), { postcode: '20012' }, 'postcode'],
    ['postcode letters', F('postcode'), { postcode: '20012a' }, 'postcode'],
    ['address missing', F('address'), {}, 'fullAddressRequired'],
    // ID card: 18 characters with the GB 11643 check digit
    ['ID type missing', F('idDocument'), { idNumber: VALID_ID }, 'idTypeRequired'],
    ['ID both missing', F('idDocument'), {}, 'idTypeRequired'],
    ['ID card valid', F('idDocument'), { idType: 'idCard', idNumber: VALID_ID }, null],
    ['ID card lower-case x normalised', F('idDocument'), { idType: 'idCard', idNumber: '11010519491231002x' }, null],
    ['ID card wrong check digit', F('idDocument'), { idType: 'idCard', idNumber: '110101199003074478' }, 'idNumber'],
    ['ID card 17 digits', F('idDocument'), { idType: 'idCard', idNumber: VALID_ID.slice(0, 17) }, 'idNumber'],
    ['ID card future birth', F('idDocument'), { idType: 'idCard', idNumber: '110101203001010011' }, 'idNumber'],
    ['passport ok', F('idDocument'), { idType: 'passport', idNumber: 'E12345678' }, null],
    ['passport too short', F('idDocument'), { idType: 'passport', idNumber: 'E123' }, 'idNumber'],
    ['HK/Macao pass ok', F('idDocument'), { idType: 'hkMacaoPass', idNumber: 'C12345678' }, null],
    ['HK/Macao pass bad', F('idDocument'), { idType: 'hkMacaoPass', idNumber: 'X12345678' }, 'idNumber'],
    ['unknown ID type', F('idDocument'), { idType: 'library', idNumber: '1' }, 'choice'],
    ['optional ID left empty', F('idDocument', false), {}, null],
    // certificate
    ['certificate ok', F('certificate'), { certificateType: 'press', certificateNumber: 'J1' }, null],
    ['certificate number missing', F('certificate'), { certificateType: 'press' }, 'required'],
    ['certificate type not in list', F('certificate'), { certificateType: 'gold', certificateNumber: '1' }, 'choice'],
    // region
    ['region missing', F('region'), {}, 'nationRequired'],
    ['China without county', F('region'), { region: { nation: 'CN', province: '31', city: '3101', county: '' } }, 'countyRequired'],
    ['China complete', F('region'), { region: { nation: 'CN', province: '31', city: '3101', county: '310101' } }, null],
    ['abroad: nation only', F('region'), { region: { nation: 'JP', province: '', city: '', county: '' } }, null],
    ['abroad with a Chinese province', F('region'), { region: { nation: 'JP', province: '31', city: '', county: '' } }, 'choice'],
    // lists and others
    ['personal position from the list', F('personalPosition'), { personalPosition: 'engineer' }, null],
    ['personal position not listed', F('personalPosition'), { personalPosition: 'king' }, 'choice'],
    ['qq digits', F('qq'), { qq: '123456' }, null],
    ['qq letters', F('qq'), { qq: 'abc' }, 'choice'],
    ['photo required', F('photo'), {}, 'required'],
    ['photo given', F('photo'), { photo: 'Fabc' }, null],
    ['company required', F('company'), {}, 'required'],
    ['activities never a field problem', F('activities'), {}, null],
  ])('%s', (_name, field, values, expected) => {
    expect(fieldProblem(field, values, ctx)).toBe(expected)
  })
})

describe('phone: international code - area code - number - extension', () => {
  it.each<[string, Parameters<typeof phoneProblem>[0], boolean, 'phone' | 'landline' | 'fax', FormProblem | null]>([
    ['empty optional', undefined, false, 'phone', null],
    ['empty required phone', undefined, true, 'phone', 'required'],
    ['empty required landline', phone('', ''), true, 'landline', 'landlineRequired'],
    ['empty required fax', phone('', ''), true, 'fax', 'faxRequired'],
    ['no area code', phone('', '12345678'), false, 'phone', 'areaCodeRequired'],
    ['no number', phone('21', ''), false, 'landline', 'landlineRequired'],
    ['fax no number', phone('21', ''), false, 'fax', 'faxRequired'],
    ['full', phone('21', '12345678', '801'), false, 'phone', null],
    ['bad country code', phone('21', '12345678', '', '86'), false, 'phone', 'phone'],
    ['letters in number', phone('21', '1234abcd'), false, 'phone', 'phone'],
    ['number too short', phone('21', '1234'), false, 'phone', 'phone'],
    ['area code too long', phone('123456', '12345678'), false, 'phone', 'phone'],
    ['extension too long', phone('21', '12345678', '1234567'), false, 'phone', 'phone'],
  ])('%s', (_name, value, required, which, expected) => {
    expect(phoneProblem(value, required, which)).toBe(expected)
  })
})

describe('values as stored and names', () => {
  it("keeps only the form's fields, trimmed, ID upper case, e-mail lower case", () => {
    const fields = [F('name'), F('idDocument'), F('email')]
    expect(cleanValues(fields, { name: ' 张三 ', idType: 'idCard', idNumber: '11010519491231002x', email: 'A@Example.COM', qq: '1' })).toEqual({
      name: '张三',
      idType: 'idCard',
      idNumber: '11010519491231002X',
      email: 'a@example.com',
    })
  })
  it.each([
    [{ name: '张三' }, '张三'],
    [{ surname: '王', givenName: '小明' }, '王小明'],
    [{ surname: 'Smith', givenName: 'Anna' }, 'Anna Smith'],
  ])('%j is called %s', (v, expected) => expect(displayName(v)).toBe(expected))
  it('formProblems lists one problem per field', () => {
    expect(formProblems([F('name'), F('mobile'), F('postcode', false)], { mobile: '1' }, ctx)).toEqual({ name: 'nameRequired', mobile: 'mobile' })
  })
})

describe('the draft before sending', () => {
  const fields = [F('name')]
  const followerFields = { companion: [F('name'), F('mobile')] }
  it('attendee first, then followers, then the protocol (spec §5 texts)', () => {
    const d = emptyDraft('attendee')
    expect(draftProblemMessage(draftProblems(d, fields, followerFields, {})!)).toEqual({ key: 'register.fillRequired' })
    d.values = { name: '张三' }
    d.followers = [{ key: 'f1', followerType: 'companion', values: { name: '李四' } }]
    expect(draftProblemMessage(draftProblems(d, fields, followerFields, {})!)).toEqual({ key: 'register.fillFollowerRequired' })
    d.followers[0].values.mobile = '13912345678'
    expect(draftProblemMessage(draftProblems(d, fields, followerFields, {})!)).toEqual({ key: 'register.tickProtocol' })
    d.protocolAccepted = true
    expect(draftProblems(d, fields, followerFields, {})).toBeNull()
  })
  it('the toast names the first problem in the order of the form: a wrong ID check digit says so, not "fill in the required fields"', () => {
    const d = emptyDraft('attendee')
    d.values = { name: '张三', idType: 'idCard', idNumber: '110101199003074478' }
    const withId = [F('name'), F('idDocument'), F('mobile', false)]
    expect(draftProblemMessage(draftProblems(d, withId, followerFields, {})!)).toEqual({ key: 'register.problem.idNumber' })
    // a required field empty before it: that comes first
    expect(draftProblemMessage(draftProblems(d, [F('company'), ...withId], followerFields, {})!)).toEqual({ key: 'register.fillRequired' })
    // a follower's wrong mobile, the attendee's fields all right
    d.values.idNumber = '110101199003074477'
    d.followers = [{ key: 'f1', followerType: 'companion', values: { name: '李四', mobile: '123' } }]
    expect(draftProblemMessage(draftProblems(d, withId, followerFields, {})!)).toEqual({ key: 'register.problem.mobile' })
  })
  it('a new draft has its own draft and idempotency keys, fit for the server', () => {
    const a = emptyDraft('attendee')
    const b = emptyDraft('attendee')
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey)
    for (const k of [a.idempotencyKey, a.draftId]) expect(k).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
  })
})

describe('files and passwords', () => {
  const rule = { formats: ['jpg', 'png'], maxBytes: 1024, minWidth: 0, maxWidth: 0, minHeight: 0, maxHeight: 0 }
  it.each<[string, number, string | null]>([
    ['me.png', 1024, null],
    ['me.PNG', 10, null],
    ['me.png', 1025, 'register.upload.size'],
    ['me.pdf', 10, 'register.upload.format'],
    ['noextension', 10, 'register.upload.format'],
  ])('%s of %d bytes → %s', (name, size, expected) => expect(localFileProblem(rule, name, size)?.key ?? null).toBe(expected))
  it.each<[string, string, string, string | null]>([
    ['', 'NewPass2026', 'NewPass2026', 'register.password.enterOld'],
    ['old', 'short1', 'short1', 'register.password.weak'],
    ['old', 'lettersonly', 'lettersonly', 'register.password.weak'],
    ['old', 'NewPass2026', 'NewPass2027', 'register.password.mismatch'],
    ['NewPass2026', 'NewPass2026', 'NewPass2026', 'register.password.same'],
    ['old', 'NewPass2026', 'NewPass2026', null],
  ])('old %s new %s confirm %s → %s', (o, n, c, expected) => expect(passwordProblem(o, n, c)).toBe(expected))
})
