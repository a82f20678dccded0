/**
 * Air tickets (spec §3 air order, §4 air statuses, §5 air rules): the shapes and value lists both
 * sides share. Money is always an integer number of fen (1 yuan = 100 fen) so no amount is ever a
 * float; the client formats it. Times are ISO 8601 strings with the offset of the airport they
 * belong to (departure in the departure airport's local time); dates are 'YYYY-MM-DD'.
 */
import type { DocumentType } from './documents'

/**
 * The 15 air order statuses of spec §4, in the order the labels are listed there. Booking moves an
 * order through new → toBePaid → awaitingIssue → ticketed | issueFailed, and toBePaid → cancelled;
 * the others belong to changes, refunds and the flight having flown (after-sales). The one transition
 * table is server/src/air/rules/order-machine.ts.
 */
export const AIR_ORDER_STATUSES = [
  /** new order: created, the price not yet confirmed by the airline */
  'new',
  /** to be paid: seats held until payDeadline */
  'toBePaid',
  /** draft (awaiting issue): paid, the airline is issuing the tickets */
  'awaitingIssue',
  /** ticket drawn: every ticket issued */
  'ticketed',
  /** failed issue: the airline could not issue; the payment is refunded */
  'issueFailed',
  /** in return: a refund is being processed */
  'refunding',
  /** returned: every ticket refunded */
  'refunded',
  /** rescheduled (being): a change is being processed */
  'changing',
  /** change to be paid: a change needs its fee paid */
  'changeToBePaid',
  /** changed */
  'changed',
  /** traveled: the flight has arrived */
  'traveled',
  /** partial change: some passengers changed */
  'partiallyChanged',
  /** partially refunded: some passengers refunded */
  'partiallyRefunded',
  /** cancelled: unpaid and cancelled (by the attendee or the payment deadline) */
  'cancelled',
  /** has retrograde record: a refund or change was reversed by the airline */
  'retrograde',
] as const
export type AirOrderStatus = (typeof AIR_ORDER_STATUSES)[number]

/**
 * Passenger type, from the birth date on the day of departure: infant from 14 days to under 2
 * years (spec §5 "baby tickets"), child from 2 to under 12, adult from 12. Infants fly with an
 * adult of the same order and never alone; the limits live in server/src/air/rules/air-rules.ts.
 */
export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const
export type PassengerType = (typeof PASSENGER_TYPES)[number]

/** spec §3 "gender (male, female, confidential)" */
export const AIR_SEXES = ['male', 'female', 'confidential'] as const
export type AirSex = (typeof AIR_SEXES)[number]

/**
 * The document types spec §3 lists for an air order (ID card, home return permit, Taiwan
 * compatriot permit, passport, foreigner permanent residence card, Hong Kong/Macao/Taiwan
 * resident permit), as values of contracts/documents.ts: numbers are checked there.
 */
export const AIR_DOCUMENT_TYPES = [
  'idCard',
  'homeReturnPermit',
  'taiwanCompatriotPermit',
  'passport',
  'foreignerPermanentResidence',
  'hmtResidencePermit',
] as const satisfies readonly DocumentType[]
export type AirDocumentType = (typeof AIR_DOCUMENT_TYPES)[number]
export const isAirDocumentType = (v: unknown): v is AirDocumentType => typeof v === 'string' && (AIR_DOCUMENT_TYPES as readonly string[]).includes(v)

/** the class of service a cabin (booking class letter) belongs to: one list with the travel policy's */
export { CABIN_CLASSES, type CabinClass } from './calls/travel'

/** how an order is paid: the company's account (payOnBusiness) or the attendee by WeChat Pay */
export const PAY_METHODS = ['company', 'wechat'] as const
export type PayMethod = (typeof PAY_METHODS)[number]

/**
 * The windows fare rules differ in (spec §9: "change and refund rules differ at 7 days and 2
 * hours before departure"): more than 7 days before, from 2 hours to 7 days, less than 2 hours
 * before departure, and after departure.
 */
export const RULE_WINDOWS = ['over7Days', 'from2HoursTo7Days', 'under2Hours', 'afterDeparture'] as const
export type RuleWindow = (typeof RULE_WINDOWS)[number]
