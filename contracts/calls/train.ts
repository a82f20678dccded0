/**
 * Train tickets (spec §2 train pages, §3 passenger/train order/filters, §4, §5, §7, §8 ETRAIN1002,
 * §9), one module per part in ./train/: search (stations, pre-sale period, timetable, stops),
 * railway-login, travellers, orders, payment, grabs, refund and change. Every call needs the
 * attendee's login; the calls that reach the railway (search, stops, booking, grabbing) also need
 * the railway login (loginRailway) and answer ETRAIN1002 when it has timed out: the client shows
 * the spec's modal and sends the attendee to trainTicketLogin, then back where they were.
 *
 * Conventions: money in fen (integers), dates 'YYYY-MM-DD' and clock times 'HH:mm' in China time,
 * instants ISO 8601 with offset (contracts/train.ts). Stations are named by their railway
 * telegraph code (`BJP` 北京, `AOH` 上海虹桥); ids of orders and travellers are numbers that only
 * their owner can use (anyone else's id answers ESYS0004, like a missing one).
 *
 * Changing calls take an `idempotencyKey` (8-64 characters of [A-Za-z0-9_-], made once per intent
 * and reused on every retry): a retry gets the first answer, never a second order or charge.
 *
 * This file re-exports every part for the server and the tests (`@contracts/calls/train`). The
 * client imports the part it needs (`@contracts/calls/train/orders`): webpack keeps a module
 * whole, so importing a call from here would put every train declaration in that page's chunk.
 */
export * from './train/search'
export * from './train/railway-login'
export * from './train/travellers'
export * from './train/orders'
export * from './train/payment'
export * from './train/grabs'
export * from './train/refund'
export * from './train/change'
