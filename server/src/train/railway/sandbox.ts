/**
 * The railway sandbox: what the services talk to outside production (and in tests). Stations
 * and timetable from ./stations and ./timetable; accounts in `railway_accounts` (the demo account
 * is seeded: DEMO_RAILWAY_ACCOUNT); seats in the database (train/repositories/inventory.ts) with
 * the numbers given here; ticketing answers after a delay.
 *
 * Switches (tests, and `/dev/railway` for browser tests) force what the real railway does now and
 * then: refuse logins as unavailable, fail ticketing, change the delay.
 */
import { eq } from 'drizzle-orm'
import type { DocumentType } from '@contracts/documents'
import type { AuditStatus, SeatType } from '@contracts/train'
import type { Queryable } from '../../kernel/db/client'
import { railwayAccounts } from '../../kernel/db/schema'
import { verifyPassword } from '../../auth/rules/passwords'
import { hash32 } from './geo'
import { childFareFen, fareFen, trainByCode, trainsBetweenCities, type TimetableTrain } from './timetable'
import type { AftersaleOutcome, RailwayLoginResult, RailwayProvider, TicketingOutcome } from './types'

/** the railway account the demo attendee logs in with (README "Train tickets") */
export const DEMO_RAILWAY_ACCOUNT = { account: 'demo12306', password: 'Rail@2026' }

/** seats per run, by seat class */
export const RUN_CAPACITY: Record<SeatType, number> = {
  business: 10,
  first: 48,
  second: 300,
  softSleeper: 36,
  hardSleeper: 120,
  hardSeat: 300,
  noSeat: 60,
}

export interface RailwaySwitches {
  /** 'auto': issued; 'issue' / 'fail': forced */
  ticketing: 'auto' | 'issue' | 'fail'
  /** 'unavailable': every login answers that the railway is not answering */
  login: 'auto' | 'unavailable'
  /** ms from payment to the railway's answer */
  ticketingDelayMs: number
  /** ms a railway login lasts without use */
  sessionMs: number
  /** 'auto': ID cards and resident permits pass at once, other documents wait (pending); 'fail': every check fails */
  audit: 'auto' | 'fail'
  /** 'auto': refunds are done; 'fail': the railway refuses them (tickets stay) */
  refund: 'auto' | 'fail'
  /** 'auto': changes are done; 'fail': the railway refuses them (tickets stay, any difference paid comes back) */
  change: 'auto' | 'fail'
  /** ms from a refund or change request to the railway's answer */
  aftersaleDelayMs: number
  /** ticket numbers whose paper ticket was taken at a station (no online refund) */
  paperTickets: string[]
}

export const DEFAULT_RAILWAY_SWITCHES: RailwaySwitches = {
  ticketing: 'auto',
  login: 'auto',
  ticketingDelayMs: 3_000,
  sessionMs: 30 * 60_000,
  audit: 'auto',
  refund: 'auto',
  change: 'auto',
  aftersaleDelayMs: 3_000,
  paperTickets: [],
}

export class RailwaySandbox implements RailwayProvider {
  readonly switches: RailwaySwitches = { ...DEFAULT_RAILWAY_SWITCHES }

  reset(): void {
    Object.assign(this.switches, DEFAULT_RAILWAY_SWITCHES, { paperTickets: [] })
  }

  /** the timetable of each city pair asked for: it is the same every day, and building it costs a search more than the rest */
  private readonly timetables = new Map<string, TimetableTrain[]>()

  trainsBetween(fromCity: string, toCity: string): TimetableTrain[] {
    const key = `${fromCity}>${toCity}`
    let trains = this.timetables.get(key)
    if (!trains) {
      // bounded (a pair's trains and stops are ~100 KB; 3,364 stations make millions of pairs): the oldest pair asked for goes first
      if (this.timetables.size >= 500) this.timetables.delete(this.timetables.keys().next().value as string)
      this.timetables.set(key, (trains = trainsBetweenCities(fromCity, toCity)))
    }
    return trains
  }

  train(trainCode: string): TimetableTrain | undefined {
    return trainByCode(trainCode)
  }

  fareFen(train: TimetableTrain, seatType: SeatType, fromIdx: number, toIdx: number): number {
    return fareFen(train.trainType, seatType, train.stops[toIdx].km - train.stops[fromIdx].km)
  }

  /**
   * About one run in eight is sold out to the public; the others have 0-69 % of their seats gone,
   * the same for the same train, date and class on every call.
   */
  runNumbers(trainCode: string, date: string, seatType: SeatType): { capacity: number; othersSold: number } {
    const capacity = RUN_CAPACITY[seatType]
    const h = hash32(`${trainCode}|${date}|${seatType}`) % 100
    return { capacity, othersSold: h < 12 ? capacity : Math.floor((capacity * (h % 70)) / 100) }
  }

  async login(q: Queryable, account: string, password: string): Promise<RailwayLoginResult> {
    if (this.switches.login === 'unavailable') return 'unavailable'
    const [row] = await q.select().from(railwayAccounts).where(eq(railwayAccounts.account, account))
    return (await verifyPassword(password, row?.passwordHash)) && row ? 'ok' : 'wrong'
  }

  ticketingDelayMs(): number {
    return this.switches.ticketingDelayMs
  }

  ticketingOutcome(): TicketingOutcome {
    return this.switches.ticketing === 'fail' ? 'fail' : 'issue'
  }

  auditTraveller(_name: string, documentType: DocumentType): AuditStatus {
    if (this.switches.audit === 'fail') return 'failed'
    return documentType === 'idCard' || documentType === 'hmtResidencePermit' ? 'passed' : 'pending'
  }

  sessionMs(): number {
    return this.switches.sessionMs
  }

  aftersaleDelayMs(): number {
    return this.switches.aftersaleDelayMs
  }

  refundOutcome(): AftersaleOutcome {
    return this.switches.refund === 'fail' ? 'fail' : 'done'
  }

  changeOutcome(): AftersaleOutcome {
    return this.switches.change === 'fail' ? 'fail' : 'done'
  }

  paperTicketTaken(ticketNo: string): boolean {
    return this.switches.paperTickets.includes(ticketNo)
  }
}

export { childFareFen }
