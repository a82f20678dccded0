/** A registration's field in words, as the reviewer reads it and the export writes it. */
import type { FormConfig, FormValues } from '@contracts/register-form'
import { answerText } from '../src/register/rules/answer-text'
import { exportTable } from '../src/register/export-columns'

const form = {
  lists: {
    personalPosition: [{ value: 'cto', labelZh: '首席技术官', labelEn: 'CTO' }],
    certificateType: [{ value: 'cpa', labelZh: '注册会计师', labelEn: '' }],
  },
  attendeeTypes: [
    {
      code: 'guest',
      fields: [
        { key: 'idDocument', labelZh: '', labelEn: '' },
        { key: 'landline', labelZh: '', labelEn: '' },
      ],
    },
  ],
} as unknown as FormConfig

const values: FormValues = {
  sex: 'mr',
  isAttend: 'absent',
  personalPosition: 'cto',
  certificateType: 'cpa',
  certificateNumber: ' 42 ',
  idType: 'passport',
  idNumber: 'E12345678',
  landline: { country: '+86', area: '21', number: '68880000', ext: '123' },
  region: { nation: 'CN', province: '310000', city: '310100', county: '' },
  company: ' 示例 ',
}

describe('a field in words', () => {
  it.each([
    ['sex', '先生', 'Mr'],
    ['isAttend', '不参会', 'Not attending'],
    ['personalPosition', '首席技术官', 'CTO'],
    // an item with no English name keeps its Chinese one
    ['certificate', '注册会计师 42', '注册会计师 42'],
    ['idDocument', '护照 E12345678', 'Passport E12345678'],
    ['landline', '+86 21 68880000 转 123', '+86 21 68880000 ext. 123'],
    ['region', 'CN / 310000 / 310100', 'CN / 310000 / 310100'],
    ['company', '示例', '示例'],
    ['fax', '', ''],
  ] as const)('%s', (key, zh, en) => {
    expect(answerText(key, values, form, 'zh')).toBe(zh)
    expect(answerText(key, values, form, 'en')).toBe(en)
  })

  it('shows a code the lists no longer hold as it is, and nothing for nothing', () => {
    const gone = { personalPosition: 'ceo', idType: 'library card', idNumber: '7' }
    expect(answerText('personalPosition', gone, form, 'en')).toBe('ceo')
    expect(answerText('idDocument', gone, form, 'zh')).toBe('library card 7')
    expect(answerText('personalPosition', {}, null, 'zh')).toBe('')
    expect(answerText('sex', { sex: '' }, form, 'zh')).toBe('')
  })

  it('writes the same words in the export, with the account filling the account columns', () => {
    const { header, row } = exportTable(form, 'en')
    const cells = row({
      name: 'Wang Fang',
      mobile: '13800000001',
      email: null,
      company: 'Acme',
      userType: 'guest',
      status: 'approved',
      addedAt: new Date(0),
      checkedInAt: null,
      values,
    })
    const cell = (label: string) => cells[header.indexOf(label)]
    expect(cell('ID')).toBe('Passport E12345678')
    expect(cell('Landline')).toBe('+86 21 68880000 ext. 123')
    expect(cell('Name')).toBe('Wang Fang')
    expect(cell('Company')).toBe('示例')
  })
})
