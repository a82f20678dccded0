/** The files domain's rules table (files/rules/file-rules.ts) at its edges. */
import { FILE_RULES, minutesUntil, quotaCounters } from '../src/files/rules/file-rules'
import { REGISTER_RULES } from '../src/register/rules/register-rules'

describe('upload quotas', () => {
  it('charge the address always, and the draft before login or the user after it', () => {
    expect(quotaCounters({ address: '203.0.113.7', eventId: 3, draftId: 'draft-abc' })).toEqual([
      { scope: 'address', key: 'upload-bytes:addr|203.0.113.7', limit: FILE_RULES.quotas.perAddressBytes },
      { scope: 'draft', key: 'upload-bytes:draft|3|draft-abc', limit: FILE_RULES.quotas.perDraftBytes },
    ])
    expect(quotaCounters({ address: '203.0.113.7', eventId: 3, userId: 42 })[1]).toEqual({
      scope: 'user',
      key: 'upload-bytes:user|42',
      limit: FILE_RULES.quotas.perUserBytes,
    })
  })

  it("hold a form's two files at the largest size any form allows, and a retry of each", () => {
    const ceiling = REGISTER_RULES.uploads.maxBytesCeiling
    for (const limit of [FILE_RULES.quotas.perDraftBytes, FILE_RULES.quotas.perUserBytes]) expect(limit).toBeGreaterThanOrEqual(3 * ceiling)
    expect(FILE_RULES.quotas.perAddressBytes).toBeGreaterThan(FILE_RULES.quotas.perDraftBytes)
  })

  it.each<[number, number]>([
    [0, 1],
    [1, 1],
    [60_000, 1],
    [60_001, 2],
    [59 * 60_000 + 1, 60],
    [3600_000, 60],
  ])('%d ms before the window ends: try again in %d minutes', (msLeft, minutes) => {
    const end = new Date(Date.UTC(2026, 0, 1, 10))
    expect(minutesUntil(new Date(end.getTime() - msLeft), end)).toBe(minutes)
  })
})
