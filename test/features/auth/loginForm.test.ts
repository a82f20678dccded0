/**
 * The login form model against spec §5 "Messages — Login", table-driven: every message in the
 * order the spec lists it, the event's extra fields, and the request body of each mode.
 */
import type { LoginExtraField, LoginMode } from '@contracts/event'
import { emptyLoginForm, loginRequestOf, validateCodeTarget, validateLogin, type LoginFormValues } from '@/features/auth/model/loginForm'
import zhCN from '@/locales/zh-CN'
import en from '@/locales/en'

/** a valid 18-digit ID card (GB 11643 check digit X) and one with a wrong check digit */
const ID_OK = '11010519491231002X'
const ID_BAD_CHECK = '110105194912310021'

const form = (v: Partial<LoginFormValues> = {}): LoginFormValues => ({ ...emptyLoginForm, ...v })
const none: LoginExtraField[] = []

/** the text a key shows, in each language — so each row also pins the exact message */
const zh = (key: string) => key.split('.').reduce<any>((n, p) => n?.[p], zhCN) // eslint-disable-line @typescript-eslint/no-explicit-any
const english = (key: string) => key.split('.').reduce<any>((n, p) => n?.[p], en) // eslint-disable-line @typescript-eslint/no-explicit-any

describe('emptyLoginForm', () => {
  it('starts with every field empty and the agreement unticked', () => {
    expect(emptyLoginForm).toEqual({
      mobile: '',
      email: '',
      code: '',
      userName: '',
      password: '',
      idNumber: '',
      visitingCode: '',
      roomNumber: '',
      agreed: false,
    })
  })
})

describe('validateCodeTarget (where a code is sent)', () => {
  it.each<[string, LoginMode, Partial<LoginFormValues>, string | null]>([
    ['mobile empty', 'mobile', {}, 'login.enterMobile'],
    ['mobile blank', 'mobile', { mobile: '   ' }, 'login.enterMobile'],
    ['mobile 10 digits', 'mobile', { mobile: '1380013800' }, 'login.mobileInvalid'],
    ['mobile 12 digits', 'mobile', { mobile: '138001380000' }, 'login.mobileInvalid'],
    ['mobile not starting with 1', 'mobile', { mobile: '23800138000' }, 'login.mobileInvalid'],
    ['mobile with letters', 'mobile', { mobile: '1380013800a' }, 'login.mobileInvalid'],
    ['mobile ok', 'mobile', { mobile: '13800138000' }, null],
    ['mobile ok with spaces around', 'mobile', { mobile: ' 13800138000 ' }, null],
    ['email empty', 'email', {}, 'login.enterEmail'],
    ['email blank', 'email', { email: '  ' }, 'login.enterEmail'],
    ['email without @', 'email', { email: 'a.example.com' }, 'login.emailInvalid'],
    ['email without domain dot', 'email', { email: 'a@example' }, 'login.emailInvalid'],
    ['email ok', 'email', { email: 'zhang.san@example.com' }, null],
    // the other channel's field does not matter
    ['mobile mode ignores a bad email', 'mobile', { mobile: '13800138000', email: 'x' }, null],
    ['email mode ignores a bad mobile', 'email', { email: 'a@b.cn', mobile: '1' }, null],
    ['account mode has no code target', 'account', {}, null],
  ])('%s', (_name, mode, values, expected) => {
    expect(validateCodeTarget(mode, form(values))).toBe(expected)
  })
})

describe('validateLogin: spec §5 login messages, in the spec order', () => {
  const MOBILE_OK = { mobile: '13800138000' }
  const EMAIL_OK = { email: 'a@example.com' }
  const CODE_OK = { code: '123456' }
  const ACCOUNT_OK = { userName: 'zhangsan', password: 'secret' }

  // [spec message, mode, values, codeRequested, key, zh text, en text]
  const SPEC_TABLE: Array<[string, LoginMode, Partial<LoginFormValues>, boolean, string, string, string]> = [
    ['enter mobile phone', 'mobile', {}, false, 'login.enterMobile', '请输入手机号', 'Please enter your mobile number'],
    [
      'fill mobile number correctly',
      'mobile',
      { mobile: '1234' },
      false,
      'login.mobileInvalid',
      '请填写正确的手机号码',
      'Please fill in a correct mobile number',
    ],
    ['enter email', 'email', {}, false, 'login.enterEmail', '请输入邮箱', 'Please enter your email'],
    ['fill email correctly', 'email', { email: 'a@b' }, false, 'login.emailInvalid', '请填写正确的邮箱', 'Please fill in a correct email address'],
    ['enter verification code', 'mobile', { ...MOBILE_OK }, true, 'login.enterCode', '请输入验证码', 'Please enter the verification code'],
    ['get verification code first', 'mobile', { ...MOBILE_OK }, false, 'login.getCodeFirst', '请先获取验证码', 'Please get a verification code first'],
    ['enter user name', 'account', { password: 'x' }, false, 'login.enterUserName', '请输入用户名', 'Please enter your user name'],
    ['enter login password', 'account', { userName: 'zhangsan' }, false, 'login.enterPassword', '请输入登录密码', 'Please enter your login password'],
    [
      'read and agree to the user agreement',
      'mobile',
      { ...MOBILE_OK, ...CODE_OK },
      true,
      'login.agreeFirst',
      '请阅读并同意用户协议',
      'Please read and agree to the user agreement',
    ],
  ]

  it.each(SPEC_TABLE)('"%s" (%s mode)', (_spec, mode, values, codeRequested, key, zhText, enText) => {
    expect(validateLogin(mode, form(values), { codeRequested, extraFields: none })).toBe(key)
    expect(zh(key)).toBe(zhText)
    expect(english(key)).toBe(enText)
  })

  it.each<[string, LoginMode, Partial<LoginFormValues>, boolean, string | null]>([
    // code checks in both code modes
    ['email: code requested, code empty', 'email', { ...EMAIL_OK }, true, 'login.enterCode'],
    ['email: no code requested, code empty', 'email', { ...EMAIL_OK }, false, 'login.getCodeFirst'],
    ['blank code counts as empty', 'mobile', { ...MOBILE_OK, code: '   ' }, true, 'login.enterCode'],
    ['5-digit code', 'mobile', { ...MOBILE_OK, code: '12345' }, true, 'login.enterCode'],
    ['7-digit code', 'mobile', { ...MOBILE_OK, code: '1234567' }, true, 'login.enterCode'],
    ['non-digit code', 'mobile', { ...MOBILE_OK, code: '12a456' }, true, 'login.enterCode'],
    // a code typed without requesting one here (e.g. from an earlier SMS) is judged by its form
    ['code typed, none requested', 'mobile', { ...MOBILE_OK, ...CODE_OK, agreed: true }, false, null],
    // order: the destination before the code, the code before the agreement
    ['bad mobile beats missing code', 'mobile', { mobile: '1' }, true, 'login.mobileInvalid'],
    ['missing code beats agreement', 'mobile', { ...MOBILE_OK }, true, 'login.enterCode'],
    ['user name before password', 'account', {}, false, 'login.enterUserName'],
    ['blank user name counts as empty', 'account', { userName: '  ', password: 'x' }, false, 'login.enterUserName'],
    ['account without agreement', 'account', { ...ACCOUNT_OK }, false, 'login.agreeFirst'],
    // account mode needs no mobile, email or code
    ['account complete', 'account', { ...ACCOUNT_OK, agreed: true }, false, null],
    ['mobile complete', 'mobile', { ...MOBILE_OK, ...CODE_OK, agreed: true }, true, null],
    ['email complete', 'email', { ...EMAIL_OK, ...CODE_OK, agreed: true }, true, null],
  ])('%s', (_name, mode, values, codeRequested, expected) => {
    expect(validateLogin(mode, form(values), { codeRequested, extraFields: none })).toBe(expected)
  })
})

describe("validateLogin: the event's extra fields (idNumber, visitingCode, roomNumber)", () => {
  const DONE = { mobile: '13800138000', code: '123456' }
  const ALL: LoginExtraField[] = ['idNumber', 'visitingCode', 'roomNumber']

  it.each<[string, LoginExtraField[], Partial<LoginFormValues>, string | null, string]>([
    ['id number missing', ['idNumber'], {}, 'login.enterIdNumber', '请输入证件号码'],
    ['id number blank', ['idNumber'], { idNumber: '  ' }, 'login.enterIdNumber', '请输入证件号码'],
    ['id number 17 digits', ['idNumber'], { idNumber: ID_OK.slice(0, 17) }, 'login.idNumberInvalid', '请填写正确的证件号码'],
    ['id number wrong check digit', ['idNumber'], { idNumber: ID_BAD_CHECK }, 'login.idNumberInvalid', '请填写正确的证件号码'],
    ['id number ok (X)', ['idNumber'], { idNumber: ID_OK }, 'login.agreeFirst', '请阅读并同意用户协议'],
    ['id number ok (lower-case x)', ['idNumber'], { idNumber: ID_OK.toLowerCase() }, 'login.agreeFirst', '请阅读并同意用户协议'],
    ['visiting code missing', ['visitingCode'], {}, 'login.enterVisitingCode', '请输入参会码'],
    ['visiting code blank', ['visitingCode'], { visitingCode: ' ' }, 'login.enterVisitingCode', '请输入参会码'],
    ['room number missing', ['roomNumber'], {}, 'login.enterRoomNumber', '请输入房间号'],
    // in the order the fields are shown: id number, visiting code, room number, then the agreement
    ['all three missing', ALL, {}, 'login.enterIdNumber', '请输入证件号码'],
    ['only id given', ALL, { idNumber: ID_OK }, 'login.enterVisitingCode', '请输入参会码'],
    ['id and visiting code given', ALL, { idNumber: ID_OK, visitingCode: 'V1' }, 'login.enterRoomNumber', '请输入房间号'],
    ['all given', ALL, { idNumber: ID_OK, visitingCode: 'V1', roomNumber: '808' }, 'login.agreeFirst', '请阅读并同意用户协议'],
  ])('%s', (_name, extraFields, values, expected, zhText) => {
    expect(validateLogin('mobile', form({ ...DONE, ...values }), { codeRequested: true, extraFields })).toBe(expected)
    expect(zh(expected as string)).toBe(zhText)
  })

  it('fields the event does not ask for are not checked', () => {
    expect(validateLogin('mobile', form({ ...DONE, agreed: true }), { codeRequested: true, extraFields: none })).toBeNull()
    expect(validateLogin('mobile', form({ ...DONE, agreed: true, idNumber: 'junk' }), { codeRequested: true, extraFields: ['roomNumber'] })).toBe(
      'login.enterRoomNumber',
    )
  })

  it('the extra fields are checked in account mode too, after the password', () => {
    const values = form({ userName: 'u', password: 'p' })
    expect(validateLogin('account', values, { codeRequested: false, extraFields: ['visitingCode'] })).toBe('login.enterVisitingCode')
    expect(validateLogin('account', form({ userName: 'u' }), { codeRequested: false, extraFields: ['visitingCode'] })).toBe('login.enterPassword')
  })

  it('every extra field complete and agreed → valid', () => {
    expect(
      validateLogin('email', form({ email: 'a@b.cn', code: '000000', idNumber: ID_OK, visitingCode: 'V', roomNumber: 'R', agreed: true }), {
        codeRequested: true,
        extraFields: ALL,
      }),
    ).toBeNull()
  })
})

describe("loginRequestOf: only the chosen mode's fields and the event's extra fields, trimmed", () => {
  /** everything typed, in every tab, with spaces around */
  const EVERYTHING = form({
    mobile: ' 13800138000 ',
    email: ' a@example.com ',
    code: ' 123456 ',
    userName: ' zhangsan ',
    password: ' p@ss word ',
    idNumber: ` ${ID_OK} `,
    visitingCode: ' V-01 ',
    roomNumber: ' 808 ',
    agreed: true,
  })

  it.each<[LoginMode, LoginExtraField[], Record<string, string>]>([
    ['mobile', [], { loginType: 'mobile', eventCode: 'E1', mobile: '13800138000', code: '123456' }],
    ['email', [], { loginType: 'email', eventCode: 'E1', email: 'a@example.com', code: '123456' }],
    // the password is sent as typed: spaces may be part of it
    ['account', [], { loginType: 'account', eventCode: 'E1', userName: 'zhangsan', password: ' p@ss word ' }],
    ['mobile', ['idNumber'], { loginType: 'mobile', eventCode: 'E1', mobile: '13800138000', code: '123456', idNumber: ID_OK }],
    [
      'email',
      ['visitingCode', 'roomNumber'],
      { loginType: 'email', eventCode: 'E1', email: 'a@example.com', code: '123456', visitingCode: 'V-01', roomNumber: '808' },
    ],
    [
      'account',
      ['idNumber', 'visitingCode', 'roomNumber'],
      { loginType: 'account', eventCode: 'E1', userName: 'zhangsan', password: ' p@ss word ', idNumber: ID_OK, visitingCode: 'V-01', roomNumber: '808' },
    ],
  ])('%s mode with extra fields %j', (mode, extraFields, expected) => {
    // toStrictEqual: no other key (agreed, the other tabs' fields, undefined keys) may be present
    expect(loginRequestOf(mode, EVERYTHING, 'E1', extraFields)).toStrictEqual(expected)
  })

  it('never sends the agreement flag', () => {
    const body = loginRequestOf('mobile', EVERYTHING, 'E1', ['idNumber', 'visitingCode', 'roomNumber'])
    expect(body).not.toHaveProperty('agreed')
  })

  it('does not change the form values', () => {
    const copy = JSON.parse(JSON.stringify(EVERYTHING))
    loginRequestOf('account', EVERYTHING, 'E1', ['idNumber'])
    expect(EVERYTHING).toEqual(copy)
  })
})
