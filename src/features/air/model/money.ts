/** money arrives in fen (integers, contracts/air.ts); the screens show yuan */
export function yuan(fen: number): string {
  const y = fen / 100
  const whole = Number.isInteger(y)
  return y.toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })
}

/** '¥1,280' / '¥1,280.50' */
export const formatYuan = (fen: number): string => `¥${yuan(fen)}`
