/**
 * The train ticket change page against a fake server: the reasons a ticket cannot be changed, a
 * child not changed alone, the fare difference of each offer, a seat class outside the travel
 * policy refused, and the confirm sent once. Set-up: ./trainAftersalesSupport.
 */
import { fireEvent, render } from '@testing-library/react'
import { askChangeOrderTicket, getTrainOrderInfo, saveChange, type ChangeOptions } from '@contracts/calls/train'
import TrainTicketChangesPage from '@/pages/trainTicket/ticketChangesPage/index'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { bodiesTo, eventually, ok, realDelay, serve, toasts, urls } from '../support/fakeServer'
import { BJ, NOW, ORDER, SH, passenger } from '../features/train/orderFixtures'
import { all, q, setUpTrainAftersalesPages, texts } from './trainAftersalesSupport'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

setUpTrainAftersalesPages()

describe('ticketChangesPage', () => {
  const OPTIONS: ChangeOptions = {
    orderId: 7,
    passengerIds: [1],
    changeType: 'sameRoute',
    current: {
      trainCode: 'code-1',
      trainNo: 'G101',
      date: '2026-12-01',
      from: SH,
      to: BJ,
      departTime: '08:00',
      arriveTime: '12:28',
      departAt: '2026-12-01T08:00:00+08:00',
      arriveAt: '2026-12-01T12:28:00+08:00',
      seatType: 'second',
    },
    from: SH,
    to: BJ,
    date: '2026-12-02',
    trains: [
      {
        trainCode: 'code-9',
        trainNo: 'G109',
        trainType: 'G',
        from: SH,
        to: BJ,
        origin: SH,
        terminus: BJ,
        date: '2026-12-02',
        departTime: '09:00',
        arriveTime: '13:30',
        departAt: '2026-12-02T09:00:00+08:00',
        arriveAt: '2026-12-02T13:30:00+08:00',
        arriveDayOffset: 0,
        durationMinutes: 270,
        distanceKm: 1318,
        fromIsOrigin: true,
        toIsTerminus: true,
        seats: [],
        bookable: true,
        quotes: [
          { seatType: 'first', newFareFen: 93000, oldFareFen: 55300, changeFeeFen: 0, differenceFen: 37700, left: 10, withinPolicy: false },
          { seatType: 'second', newFareFen: 50000, oldFareFen: 55300, changeFeeFen: 0, differenceFen: -5300, left: 10, withinPolicy: true },
        ],
      },
    ],
    changeFeePercent: 0,
    changeOpens: '05:00',
    changeCloses: '23:00',
    changeOpenNow: true,
    serverNow: NOW,
  }

  it('says why a ticket cannot be changed, refuses a child alone, shows the difference and confirms once', async () => {
    const order = ORDER({
      passengers: [passenger(1), passenger(2, { passengerType: 'child' }), passenger(3, { name: '王五', ticketActions: ['refund'], changeCount: 1 })],
    })
    serve({
      [getTrainOrderInfo.path]: () => ok(order),
      [askChangeOrderTicket.path]: () => ok(OPTIONS),
      [saveChange.path]: () => ok({ change: { id: 31, state: 'processing' }, order }),
    })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainTicketChangesPage />)
    await eventually(() => expect(all('.change-tickets__passenger')).toHaveLength(3))
    expect(all('.change-tickets__passenger')[2].textContent).toContain('每张车票只能改签一次')

    fireEvent.click(all('.change-tickets__passenger')[1])
    await eventually(() => expect(q('.change-tickets__passenger[aria-checked="true"]')).not.toBeNull())
    fireEvent.click(q('.change-tickets__ask') as Element)
    expect(toasts().at(-1)).toBe('儿童票不能单独改签，请同时选择同行成人')
    expect(urls()).not.toContain(askChangeOrderTicket.path)

    fireEvent.click(all('.change-tickets__passenger')[1])
    fireEvent.click(all('.change-tickets__passenger')[0])
    // another day (the same day offers the other trains)
    const picker = q('.change-tickets__field')?.parentElement as Element
    fireEvent(picker, Object.assign(new Event('change', { bubbles: true }), { detail: { value: '2026-12-02' } }))
    await realDelay()
    fireEvent.click(q('.change-tickets__ask') as Element)
    await eventually(() => expect(all('.change-tickets__quote')).toHaveLength(2))
    expect(bodiesTo(askChangeOrderTicket.path)[0]).toMatchObject({ orderId: 7, passengerIds: [1], changeType: 'sameRoute', date: '2026-12-02' })
    expect(texts('.change-tickets__quote-diff')).toEqual(['退¥53'])
    expect(texts('.change-tickets__quote-policy')).toEqual(['超标'])

    // first class is outside the travel policy: a change is never made there
    expect(all('.change-tickets__quote')[0].className).toContain('is-off')
    fireEvent.click(all('.change-tickets__quote')[0])
    expect(toasts().at(-1)).toBe('该席别超出差旅标准，不能改签')
    expect(q('.change-diff')).toBeNull()
    fireEvent.click(all('.change-tickets__quote')[1])
    await eventually(() => expect(q('.change-diff__row--total')?.textContent).toBe('退还差额¥53'))
    fireEvent.click(all('.change-tickets__chip[role="radio"]').find((e) => e.textContent === '会议变更') as Element)
    fireEvent.click(q('.change-tickets__save') as Element)
    await eventually(() => expect(bodiesTo(saveChange.path)).toHaveLength(1))
    expect(bodiesTo(saveChange.path)[0]).toMatchObject({
      orderId: 7,
      passengerIds: [1],
      trainCode: 'code-9',
      seatType: 'second',
      cause: 'eventChanged',
      fromStationCode: 'AOH',
      toStationCode: 'VNP',
      expectedDifferenceFen: -5300,
    })
    await eventually(() => expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toMatch(/succeededInreSigning\/index\?.*changeId=31/))
  })
})
