/** Every number of DESK_RULES at its edges: the scan time's clamp and the retry delays. */
import { clampScanTime, DESK_RULES, retryDelayMs } from '@contracts/admin/desk-rules'

const received = new Date('2026-11-28T04:00:00.000Z')
const snapshot = new Date('2026-11-28T03:30:00.000Z')
const at = (ms: number) => new Date(received.getTime() + ms)
const bound = DESK_RULES.beforeSnapshotMaxMs

describe('clampScanTime', () => {
  it('keeps a time between the floor and the receipt', () => {
    expect(clampScanTime(at(-1), snapshot, received)).toEqual(at(-1))
    expect(clampScanTime(received, snapshot, received)).toEqual(received)
    const floor = new Date(snapshot.getTime() - bound)
    expect(clampScanTime(floor, snapshot, received)).toEqual(floor)
  })
  it('takes a time after the receipt as the receipt', () => {
    expect(clampScanTime(at(1), snapshot, received)).toEqual(received)
  })
  it('takes a time before the snapshot less the bound as that floor', () => {
    const floor = new Date(snapshot.getTime() - bound)
    expect(clampScanTime(new Date(floor.getTime() - 1), snapshot, received)).toEqual(floor)
  })
  it('reads a snapshot time from the future as now', () => {
    expect(clampScanTime(at(-bound - 1), at(60_000), received)).toEqual(at(-bound))
  })
})

describe('retryDelayMs', () => {
  it('starts at the first delay, doubles, and stops at the most', () => {
    expect(retryDelayMs(1)).toBe(DESK_RULES.retryFirstMs)
    expect(retryDelayMs(2)).toBe(2 * DESK_RULES.retryFirstMs)
    expect(retryDelayMs(50)).toBe(DESK_RULES.retryMaxMs)
  })
})
