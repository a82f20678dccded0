/** where the entry page sends an attendee (spec §2, §4): not enabled → tip, ended → eventEnd, token → home, else login */
import type { EventInfo } from '@contracts/event'
import { entryDestination } from '@/features/event/model/entry'
import { ROUTES } from '@/lib/router/routes'
import { eventWith } from '../../support/fixtures'

const START = Date.parse('2026-11-22T09:00:00+08:00')
const END = Date.parse('2026-11-24T18:00:00+08:00')

const event = (v: Partial<EventInfo> = {}): EventInfo => eventWith({ loginModes: ['mobile'], ...v })

const BEFORE = START - 1000
const DURING = START + 3600 * 1000
const AFTER = END + 1000

describe('entryDestination', () => {
  it.each<[string, boolean, string | null, number, string]>([
    // disabled wins over everything, even an ended event or a token
    ['disabled, not started, guest', false, null, BEFORE, 'notEnabled'],
    ['disabled, running, logged in', false, 'tok', DURING, 'notEnabled'],
    ['disabled, ended, logged in', false, 'tok', AFTER, 'notEnabled'],
    // ended wins over the token
    ['ended, guest', true, null, AFTER, 'eventEnd'],
    ['ended, logged in', true, 'tok', AFTER, 'eventEnd'],
    ['ended exactly at endTime', true, 'tok', END, 'eventEnd'],
    // not ended: home with a token, login without
    ['not started, logged in', true, 'tok', BEFORE, 'home'],
    ['not started, guest', true, null, BEFORE, 'login'],
    ['running, logged in', true, 'tok', DURING, 'home'],
    ['running, guest', true, null, DURING, 'login'],
    ['starts this very moment, guest', true, null, START, 'login'],
    ['one ms before the end, logged in', true, 'tok', END - 1, 'home'],
    ['empty token is no token', true, '', DURING, 'login'],
  ])('%s', (_name, enabled, token, now, expected) => {
    expect(entryDestination(event({ enabled }), token, now)).toBe(expected)
  })

  it('names routes that exist, with the pages of spec §2', () => {
    expect(ROUTES.notEnabled.path).toBe('pages/Sudoku_1/tip')
    expect(ROUTES.eventEnd.path).toBe('pages/pagesUser/eventEnd/eventEnd')
    expect(ROUTES.home.path).toBe('pages/pagesUser/home/home')
    expect(ROUTES.login.path).toBe('pages/pagesUser/login/login')
  })
})
