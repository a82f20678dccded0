export type { AftersaleOutcome, RailwayProvider, RailwayLoginResult, TicketingOutcome } from './types'
export { RailwaySandbox, DEMO_RAILWAY_ACCOUNT, DEFAULT_RAILWAY_SWITCHES, type RailwaySwitches } from './sandbox'
export type { TimetableTrain, TimetableStop } from './timetable'
