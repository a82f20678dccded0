/**
 * The railway as the train services see it (the national railway booking system through the
 * travel provider). The sandbox (sandbox.ts) behaves like the real one: real stations, a
 * deterministic timetable, accounts that log in or fail, ticketing that answers later.
 */
import type { Queryable } from '../../kernel/db/client'
import type { DocumentType } from '@contracts/documents'
import type { AuditStatus, SeatType } from '@contracts/train'
import type { TimetableTrain } from './timetable'

export type RailwayLoginResult = 'ok' | 'wrong' | 'unavailable'
/** what the railway answers about a paid order's tickets */
export type TicketingOutcome = 'issue' | 'fail'

export interface RailwayProvider {
  /** the trains with an origin in one city and terminus in the other, the same every day */
  trainsBetween(fromCity: string, toCity: string): TimetableTrain[]
  /** a train by its code; undefined when the railway has no such train */
  train(trainCode: string): TimetableTrain | undefined
  /** adult fare in fen of a segment of a train in a seat class */
  fareFen(train: TimetableTrain, seatType: SeatType, fromIdx: number, toIdx: number): number
  /** the numbers of a run the first time it is booked: seats in all, seats the public already holds */
  runNumbers(trainCode: string, date: string, seatType: SeatType): { capacity: number; othersSold: number }
  /** check a railway account's password */
  login(q: Queryable, account: string, password: string): Promise<RailwayLoginResult>
  /** how long the railway takes to answer on ticketing after payment */
  ticketingDelayMs(): number
  /** the railway's answer on an order's tickets, asked once the delay has passed */
  ticketingOutcome(orderNo: string): TicketingOutcome
  /** the railway's identity check of a traveller (name and document) */
  auditTraveller(name: string, documentType: DocumentType, documentNumber: string): AuditStatus
  /** how long a railway login lasts without use */
  sessionMs(): number
  /** how long the railway takes to answer a refund or change request */
  aftersaleDelayMs(): number
  /** the railway's answer on a refund of some tickets of an order, asked once the delay has passed */
  refundOutcome(orderNo: string): AftersaleOutcome
  /** the railway's answer on a change, asked once the delay has passed */
  changeOutcome(orderNo: string): AftersaleOutcome
  /** whether the paper ticket of this ticket number was taken at a station (no online refund then) */
  paperTicketTaken(ticketNo: string): boolean
}

/** what the railway answers about a refund or change: done, or refused (the tickets stay as they were) */
export type AftersaleOutcome = 'done' | 'fail'
