/**
 * contracts/: input patterns (spec §5), conference time state (spec §4), the msgId catalogue (§8).
 */
import { isCode, isEmail, isIdCard, isMobile } from '@contracts/validation'
import { eventTimeState } from '@contracts/event'
import {
  MESSAGES,
  RAILWAY_TIMEOUT_MSG_IDS,
  SESSION_EXPIRED_MSG_IDS,
  SILENT_MSG_IDS,
  TOAST_AND_RETURN_MSG_IDS,
  messageText,
  type MsgId,
} from '@contracts/messages'
import { STATUS_ERROR, STATUS_OK } from '@contracts/envelope'

describe('isMobile (11 digits starting with 1)', () => {
  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['10000000000', true],
    [' 13800138000 ', true],
    ['1380013800', false], // 10 digits
    ['138001380001', false], // 12 digits
    ['23800138000', false], // does not start with 1
    ['1380013800a', false],
    ['+8613800138000', false],
    ['138-0013-8000', false],
    ['', false],
  ])('%j → %s', (input, valid) => {
    expect(isMobile(input)).toBe(valid)
  })
})

describe('isEmail', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.com.cn', true],
    ['USER_1%x@sub-domain.example.org', true],
    [' a@b.co ', true],
    ['a@b', false],
    ['a@b.c', false],
    ['@b.co', false],
    ['a@@b.co', false],
    ['a b@c.co', false],
    ['a@b_c.co', false],
    ['a@.co', false],
    ['', false],
    [`${'a'.repeat(250)}@b.co`, false], // longer than 254
  ])('%j → %s', (input, valid) => {
    expect(isEmail(input)).toBe(valid)
  })
})

describe('isCode (6 digits)', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    [' 123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['１２３４５６', false], // full-width digits
    ['', false],
  ])('%j → %s', (input, valid) => {
    expect(isCode(input)).toBe(valid)
  })
})

describe('isIdCard (18 digits, GB 11643 check digit)', () => {
  it.each([
    ['11010519491231002X', true], // the standard's own example, check digit X
    ['11010519491231002x', true], // lower-case x
    ['110105194912310021', false], // wrong check digit
    ['110105194912310020', false], // wrong check digit
    ['11010519491231002', false], // 17 digits
    ['1101051949123100212', false], // 19 digits
    ['11010519491231002Y', false], // letter other than X
    ['1101051949123100AX', false], // letter inside
    ['ABCDEFGHIJKLMNOPQR', false],
    ['', false],
    ['440308199901010012', true],
    ['440308199901010013', false],
  ])('%j → %s', (input, valid) => {
    expect(isIdCard(input)).toBe(valid)
  })

  it('accepts exactly one check digit for a given 17-digit body', () => {
    const body = '44030819990101001'
    const valid = '0123456789X'.split('').filter((c) => isIdCard(body + c))
    expect(valid).toEqual(['2'])
  })
})

describe('eventTimeState', () => {
  const event = { startTime: '2026-05-01T09:00:00+08:00', endTime: '2026-05-03T18:00:00+08:00' }
  const at = (iso: string) => Date.parse(iso)

  it.each([
    ['a day before', '2026-04-30T09:00:00+08:00', 'notStarted'],
    ['1 ms before the start', '2026-05-01T00:59:59.999Z', 'notStarted'],
    ['at the start', '2026-05-01T09:00:00+08:00', 'inProgress'],
    ['during', '2026-05-02T12:00:00+08:00', 'inProgress'],
    ['1 ms before the end', '2026-05-03T09:59:59.999Z', 'inProgress'],
    ['at the end', '2026-05-03T18:00:00+08:00', 'ended'],
    ['after', '2026-06-01T00:00:00+08:00', 'ended'],
  ])('%s → %s', (_name, now, state) => {
    expect(eventTimeState(event, at(now))).toBe(state)
  })
})

describe('MESSAGES', () => {
  const entries = Object.entries(MESSAGES) as Array<[MsgId, { zh: string; en: string }]>

  it.each(entries)('%s has non-empty zh and en texts', (id, texts) => {
    expect(Object.keys(texts).sort()).toEqual(['en', 'zh'])
    expect(texts.zh.trim()).not.toBe('')
    expect(texts.en.trim()).not.toBe('')
    expect(messageText(id, 'zh')).toBe(texts.zh)
    expect(messageText(id, 'en')).toBe(texts.en)
    // the zh text is Chinese, the en text is not
    expect(texts.zh).toMatch(/[\u4e00-\u9fff]/)
    expect(texts.en).not.toMatch(/[\u4e00-\u9fff]/)
  })

  it('every msgId has the AREA + digits form', () => {
    for (const [id] of entries) expect(id).toMatch(/^E[A-Z]+\d{4}$/)
  })

  it('the ids spec §8 treats specially are in the catalogue, each in one group only', () => {
    expect(SILENT_MSG_IDS).toEqual(['EREG1036'])
    expect([...TOAST_AND_RETURN_MSG_IDS].sort()).toEqual(['EREG1030', 'EREG1040', 'EREG1042'])
    expect(RAILWAY_TIMEOUT_MSG_IDS).toEqual(['ETRAIN1002'])
    expect([...SESSION_EXPIRED_MSG_IDS].sort()).toEqual(['EAUT0003', 'EAUT0004', 'EAUT0005'])
    const all = [...SILENT_MSG_IDS, ...TOAST_AND_RETURN_MSG_IDS, ...RAILWAY_TIMEOUT_MSG_IDS, ...SESSION_EXPIRED_MSG_IDS]
    expect(new Set(all).size).toBe(all.length)
    for (const id of all) expect(MESSAGES).toHaveProperty(id)
  })

  it('envelope status values are those of spec §8', () => {
    expect(STATUS_OK).toBe(200)
    expect(STATUS_ERROR).toBe(0)
  })
})
