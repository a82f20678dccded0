/**
 * A notice's template fields fitted to WeChat's limits at their edges (thing 20 characters,
 * character_string 32 letters/digits/symbols, phrase 5, name 10 or 20 Latin, amounts), and which
 * kinds are asked at which moment, never more than WeChat asks at once.
 */
import {
  DEMO_TEMPLATE_IDS,
  MAX_TEMPLATES_PER_ASK,
  NOTICE_KINDS,
  NOTICE_TEMPLATES,
  SUBSCRIBE_MOMENTS,
  kindsAt,
  templateIdsAt,
} from '@contracts/subscribe-notices'
import { amountText, cut, fitValue, templateData } from '../src/wechat/rules/notice-fields'

const chars = (s: string) => [...s].length

describe('fitting values to their field type', () => {
  it.each([
    ['thing', '一二三四五六七八九十一二三四五六七八九十', '一二三四五六七八九十一二三四五六七八九十'],
    ['thing', '一二三四五六七八九十一二三四五六七八九十一', '一二三四五六七八九十一二三四五六七八九…'],
    ['thing', 'G1234 Shanghai Hongqiao-Beijing South', 'G1234 Shanghai Hong…'],
    ['thing', '😀'.repeat(21), '😀'.repeat(19) + '…'],
    ['thing', '', '-'],
    ['thing', '  padded  ', 'padded'],
    ['character_string', 'T2026120100000001', 'T2026120100000001'],
    ['character_string', 'A'.repeat(33), 'A'.repeat(32)],
    ['character_string', 'E 123 车票', 'E123'],
    ['number', '12a3.5', '123.5'],
    ['phrase', '出票成功了啊', '出票成功了'],
    ['phrase', '退票成功', '退票成功'],
    ['name', '欧阳一二三四五六七八九', '欧阳一二三四五六七…'],
    ['name', 'Alexander Hamilton-Smith', 'Alexander Hamilton-…'],
    ['name', 'Li Lei', 'Li Lei'],
    ['time', '2026-12-01 08:00', '2026-12-01 08:00'],
  ] as const)('%s "%s" → "%s"', (type, value, fitted) => {
    expect(fitValue(type, value)).toBe(fitted)
  })

  it('a cut text keeps its limit exactly', () => {
    expect(chars(cut('x'.repeat(100), 20))).toBe(20)
    expect(cut('x'.repeat(20), 20)).toBe('x'.repeat(20))
  })

  it('amounts: yuan with two decimals, at most 10 digits, never negative', () => {
    expect(amountText(0)).toBe('¥0.00')
    expect(amountText(1250)).toBe('¥12.50')
    expect(amountText(9_999_999_999)).toBe('¥99999999.99')
    expect(amountText(10_000_000_000)).toBe('¥99999999.99')
    expect(amountText(-5)).toBe('¥0.00')
  })

  it("a kind's data has every field of its template, each within its limit", () => {
    const long = '长'.repeat(40)
    const data = templateData('ticketIssued', {
      trip: long,
      departAt: '2026-12-01 08:00',
      orderNo: 'T'.repeat(40),
      passengers: long,
      result: long,
      amountFen: 100,
    })
    expect(Object.keys(data)).toEqual(NOTICE_TEMPLATES.ticketIssued.fields.map((f) => f.key))
    expect(chars(data.thing1.value)).toBe(20)
    expect(data.character_string3.value).toHaveLength(32)
    expect(templateData('refundResult', { trip: 'x', departAt: '', orderNo: 'T1', passengers: '', result: '退票成功', amountFen: 1250 }).amount4.value).toBe(
      '¥12.50',
    )
  })
})

describe('the table', () => {
  it('asks ticket issued and ticketing failed at booking, the change result at a change, the refund result at a refund', () => {
    expect(kindsAt('booking')).toEqual(['ticketIssued', 'ticketingFailed'])
    expect(kindsAt('change')).toEqual(['changeResult'])
    expect(kindsAt('refund')).toEqual(['refundResult'])
  })

  it('never asks more templates at once than WeChat takes, and every kind has a distinct template', () => {
    for (const m of SUBSCRIBE_MOMENTS) expect(templateIdsAt(m, DEMO_TEMPLATE_IDS).length).toBeLessThanOrEqual(MAX_TEMPLATES_PER_ASK)
    expect(new Set(NOTICE_KINDS.map((k) => DEMO_TEMPLATE_IDS[k])).size).toBe(NOTICE_KINDS.length)
  })

  it("every field key names its type, as WeChat's keys do", () => {
    for (const k of NOTICE_KINDS) for (const f of NOTICE_TEMPLATES[k].fields) expect(f.key).toBe(`${f.type}${f.key.slice(f.type.length)}`)
  })
})
