/**
 * Air tickets (spec §7 /api/flight/flight/*, /api/flight/pay/*, and the travel policy's
 * flightOrderVerify), one module per part in ./flight/: airports, search (flights, cabins, fare
 * rules), booking (travellers, notices, policy, orders), pay, after-sales (what an order shows
 * once ticketed), cancel-refund and change. Shapes of values (statuses, passenger types, document
 * types…) are in contracts/air.ts.
 *
 * Conventions of every call here:
 * - all need a login; an order is the caller's at the event of their token (another attendee's
 *   orderId answers ESYS0004, like a missing one);
 * - money in fen (integers), times ISO 8601 with the airport's offset, dates 'YYYY-MM-DD';
 * - texts (airport, city and airline names, notices, policy reasons) come in both languages
 *   where they are data (…Zh / …En), and in the caller's language (header lang) where the
 *   server composes them (messages);
 * - a flight is named by a FlightRef (date, flight number, departure and arrival airport), which
 *   the client takes from findFlightList and sends back unchanged.
 *
 * This file re-exports every part for the server and the tests (`@contracts/calls/flight`). The
 * client imports the part it needs (`@contracts/calls/flight/booking`): webpack keeps a module
 * whole, so importing a call from here would put every air declaration in that page's chunk.
 */
export * from './flight/airports'
export * from './flight/search'
export * from './flight/booking'
export * from './flight/pay'
export * from './flight/after-sales'
export * from './flight/cancel-refund'
export * from './flight/change'
