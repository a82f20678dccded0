/**
 * Signing up for sessions from /schedule: a session that takes sign-ups shows its places and a
 * sign-up button; the event's limit and a full session are said before anything is sent; the
 * whole choice goes to signupSchedule/save; cancelling asks first.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { getEvent, getEventByHash } from '@contracts/calls/event'
import { chooseActivities, listSchedule, listScheduleSummary, type ScheduleSummaryResponse, type SubEventView } from '@contracts/calls/register'
import SchedulePage from '@/pages/pagesUser/schedule/schedule'
import { useAppStore } from '@/store'
import { setRouterParams, taro } from '../../support/taroComponentMock'
import { EVENT, bodiesTo, eventually, ok, toasts } from '../../support/fakeServer'
import { freshPageTest } from '../../support/pageTest'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

const session = (code: string, over: Partial<SubEventView>): SubEventView => ({
  code,
  day: '2026-11-23',
  startTime: '2026-11-23T09:00:00+08:00',
  endTime: '2026-11-23T10:00:00+08:00',
  titleZh: code,
  titleEn: code,
  trackZh: '',
  trackEn: '',
  venueZh: '一号厅',
  venueEn: 'Hall 1',
  speakerZh: '',
  speakerEn: '',
  summaryZh: '',
  summaryEn: '',
  signupOpen: false,
  capacity: null,
  taken: 0,
  signedUp: false,
  ...over,
})

/** the server's side: who is signed up where, and the event's limit of one activity */
let chosen: string[] = []
const CAPACITY: Record<string, number | null> = { 工作坊A: 2, 工作坊B: 1, 开幕式: null }
const OTHERS: Record<string, number> = { 工作坊A: 1, 工作坊B: 1, 开幕式: 0 }
const items = () =>
  Object.keys(CAPACITY).map((code, i) =>
    session(code, {
      startTime: `2026-11-23T${String(9 + i).padStart(2, '0')}:00:00+08:00`,
      signupOpen: code !== '开幕式',
      capacity: CAPACITY[code],
      taken: OTHERS[code] + (chosen.includes(code) ? 1 : 0),
      signedUp: chosen.includes(code),
    }),
  )
const summary = (): ScheduleSummaryResponse => ({
  eventCode: 'E1',
  maxPerAttendee: 1,
  chosen,
  items: items()
    .filter((s) => s.signupOpen)
    .map((s) => ({
      code: s.code,
      titleZh: s.titleZh,
      titleEn: s.titleEn,
      startTime: s.startTime,
      endTime: s.endTime,
      venueZh: s.venueZh,
      venueEn: s.venueEn,
      capacity: s.capacity,
      taken: s.taken,
      remaining: s.capacity === null ? null : s.capacity - s.taken,
      signedUp: s.signedUp,
    })),
})

beforeEach(() => {
  chosen = []
  freshPageTest({
    [getEventByHash.path]: () => ok(EVENT),
    [getEvent.path]: () => ok(EVENT),
    [listSchedule.path]: () => ok({ eventCode: 'E1', timeZone: 'Asia/Shanghai', days: ['2026-11-23'], items: items() }),
    [listScheduleSummary.path]: () => ok(summary()),
    [chooseActivities.path]: (b) => {
      chosen = b.activityCodes as string[]
      return ok(summary())
    },
  })
  useAppStore.setState({ token: 'tok-1', eventHashCode: 'demo', eventCode: 'E1' })
  setRouterParams({ ehc: 'demo', ec: 'E1' })
  taro.showModal.mockResolvedValue({ confirm: true, cancel: false })
})

const card = (code: string) => Array.from(document.body.querySelectorAll('.schedule__session')).find((n) => n.textContent?.includes(code)) as HTMLElement

it('shows places, the limit and a full session; signs up with the whole choice; then says the limit', async () => {
  render(<SchedulePage />)
  await screen.findByText('每人最多可报名 1 个活动')
  expect(card('工作坊A').querySelector('.schedule__places')?.textContent).toBe('剩余 1 个名额')
  expect(card('工作坊B').querySelector('.schedule__places')?.textContent).toBe('名额已满')
  expect(card('工作坊B').querySelector('.schedule__signup-btn')?.hasAttribute('disabled') || card('工作坊B').querySelector('.at-button--disabled')).toBeTruthy()
  // a session everyone may just come to has no sign-up
  expect(card('开幕式').querySelector('.schedule__signup')).toBeNull()

  fireEvent.click(card('工作坊A').querySelector('.schedule__signup-btn')!)
  await eventually(() => expect(bodiesTo(chooseActivities.path)).toHaveLength(1))
  expect(bodiesTo(chooseActivities.path)[0]).toMatchObject({
    eventCode: 'E1',
    activityCodes: ['工作坊A'],
    idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
  })
  await eventually(() => expect(toasts()).toContain('报名成功'))
  await eventually(() => expect(card('工作坊A').querySelector('.schedule__badge')?.textContent).toBe('已报名'))
  expect(card('工作坊A').querySelector('.schedule__signup-btn')?.textContent).toBe('取消报名')
})

it('over the limit: said, nothing sent; cancelling asks first and sends the choice without it', async () => {
  chosen = ['工作坊A']
  CAPACITY['工作坊B'] = 5
  try {
    render(<SchedulePage />)
    await screen.findByText('每人最多可报名 1 个活动')
    await eventually(() => expect(card('工作坊B').querySelector('.schedule__places')?.textContent).toBe('剩余 4 个名额'))
    fireEvent.click(card('工作坊B').querySelector('.schedule__signup-btn')!)
    await eventually(() => expect(toasts()).toContain('每人最多可报名 1 个活动'))
    expect(bodiesTo(chooseActivities.path)).toHaveLength(0)

    taro.showModal.mockResolvedValueOnce({ confirm: false, cancel: true })
    fireEvent.click(card('工作坊A').querySelector('.schedule__signup-btn')!)
    await eventually(() => expect(taro.showModal).toHaveBeenCalledTimes(1))
    expect(taro.showModal.mock.calls[0][0].content).toBe('确定取消报名“工作坊A”？')
    expect(bodiesTo(chooseActivities.path)).toHaveLength(0)

    fireEvent.click(card('工作坊A').querySelector('.schedule__signup-btn')!)
    await eventually(() => expect(bodiesTo(chooseActivities.path)).toHaveLength(1))
    expect(bodiesTo(chooseActivities.path)[0].activityCodes).toEqual([])
    await eventually(() => expect(toasts()).toContain('已取消报名'))
    await eventually(() => expect(card('工作坊A').querySelector('.schedule__badge')).toBeNull())
  } finally {
    CAPACITY['工作坊B'] = 1
  }
})
