import { birthDateFromDocument, documentProblem, isDocumentName, sexFromDocument, type DocumentType } from '@contracts/documents'

const TODAY = new Date('2026-11-22T00:00:00+08:00')

// 11010519491231002X: the GB 11643 standard's own example
describe('documentProblem', () => {
  test.each<[DocumentType, string, ReturnType<typeof documentProblem>]>([
    ['idCard', '11010519491231002X', null],
    ['idCard', '11010519491231002x', null],
    ['idCard', ' 110105 19491231002X ', null],
    ['idCard', '110105194912310021', 'checkDigit'],
    ['idCard', '11010519491331002X', 'birthDate'],
    ['idCard', '110105209912310028', 'birthDate'],
    ['idCard', '1101051949123100', 'format'],
    ['idCard', '', 'required'],
    ['idCard', '   ', 'required'],
    ['hkMacaoPass', 'C12345678', null],
    ['hkMacaoPass', 'CA1234567', null],
    ['hkMacaoPass', 'W12345678', null],
    ['hkMacaoPass', 'X12345678', 'format'],
    ['taiwanPass', 'L12345678', null],
    ['taiwanPass', '12345678', null],
    ['taiwanPass', 'L1234567', 'format'],
    ['homeReturnPermit', 'H12345678', null],
    ['homeReturnPermit', 'M1234567801', null],
    ['homeReturnPermit', 'H1234567', 'format'],
    ['taiwanCompatriotPermit', '12345678', null],
    ['taiwanCompatriotPermit', '1234567890B', null],
    ['taiwanCompatriotPermit', '1234567', 'format'],
    ['passport', 'E12345678', null],
    ['passport', 'EA1234567', null],
    ['passport', 'AB12', 'format'],
    ['passport', 'E1234567-8', 'format'],
    ['foreignerPermanentResidence', 'USA110079012345', null],
    ['foreignerPermanentResidence', 'US1100790123456', 'format'],
    ['hmtResidencePermit', '810000199408230021', null],
    ['hmtResidencePermit', '810000199408230022', 'checkDigit'],
    ['hmtResidencePermit', '11010519491231002X', 'format'],
  ])('%s %s → %s', (type, number, problem) => {
    expect(documentProblem(type, number, TODAY)).toBe(problem)
  })
})

describe('what an ID card tells', () => {
  test('birth date and sex', () => {
    expect(birthDateFromDocument('idCard', '11010519491231002X')).toBe('1949-12-31')
    expect(sexFromDocument('idCard', '11010519491231002X')).toBe('female')
    expect(sexFromDocument('hmtResidencePermit', '810000199408230021')).toBe('female')
    expect(birthDateFromDocument('passport', 'E12345678')).toBeNull()
  })
})

describe('isDocumentName', () => {
  test.each([
    ['张三', true],
    ['欧阳娜娜', true],
    ['迪丽热巴·迪力木拉提', true],
    ['ZHANG/SAN', true],
    ["O'Neil Mary-Jane", true],
    ['张', false],
    ['··', false],
    ['张3', false],
    ['', false],
    ['<script>', false],
  ])('%s → %s', (name, ok) => {
    expect(isDocumentName(name)).toBe(ok)
  })
})
