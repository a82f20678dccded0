/**
 * How far a test moves the server's clock (POST /dev/clock) so that what it does next happens
 * inside the railway's ticketing and change hours (05:00-23:00 China time, spec §9) with hours to
 * spare: nothing when the server's now is between 06:00 and 20:00 China time, else up to 09:00 China
 * time of the next such morning. Browser tests and the cluster suite run at any hour of the day.
 */
const CHINA_OFFSET_MS = 8 * 3600_000
const SAFE_FROM_HOUR = 6
const SAFE_UNTIL_HOUR = 20
const MORNING_HOUR = 9

export function msIntoServiceHours(serverNowMs: number): number {
  const china = new Date(serverNowMs + CHINA_OFFSET_MS)
  const hour = china.getUTCHours()
  if (hour >= SAFE_FROM_HOUR && hour < SAFE_UNTIL_HOUR) return 0
  const nextDay = hour >= SAFE_UNTIL_HOUR ? 1 : 0
  const morning = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate() + nextDay, MORNING_HOUR) - CHINA_OFFSET_MS
  return morning - serverNowMs
}
