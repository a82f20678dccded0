/**
 * Which event a WeChat payment is of, as WeChat Pay keeps it: sent as the payment's attach
 * (商户数据包) when it is made, handed back on every line of the trade bill. The merchant's bill
 * holds every event's trades; this is how the reconciliation of one event tells its own lines,
 * even those of payments our database has no row of.
 */
export const eventAttach = (eventId: number): string => `event:${eventId}`

/** the event an attach names; null for any other text (a payment made before attach was sent, another system's) */
export function eventIdOfAttach(attach: string): number | null {
  const m = /^event:([1-9]\d{0,9})$/.exec(attach)
  return m ? Number(m[1]) : null
}
