/**
 * Coming back after the railway login (spec §8 ETRAIN1002 → train login → back where the attendee
 * was): the page on screen as `back`/`backQuery`, and back from them, only to pages of the app.
 */
const current: { router: { path: string; params: Record<string, string> } | null } = { router: null }
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { getCurrentInstance: () => current } }))

import { hereAsReturn, returnOf, returnTarget } from '@/lib/router/returnTo'

describe('hereAsReturn', () => {
  it('the route name and its own parameters, without the event and Taro stamps', () => {
    current.router = {
      path: '/pages/trainTicket/searchTicketList/index',
      params: { ehc: 'demo', ec: 'DEMO', from: 'AOH', to: 'VNP', date: '2026-12-01', $taroTimestamp: '1', stamp: '2' },
    }
    expect(hereAsReturn()).toEqual({ back: 'trainSearchTicketList', backQuery: 'from=AOH&to=VNP&date=2026-12-01' })
  })
  it('an H5 alias is a page too; no parameters, no backQuery', () => {
    current.router = { path: '/myOrder', params: {} }
    expect(hereAsReturn()).toEqual({ back: 'trainMyOrder' })
  })
  it('the mini-program hands parameters still encoded: sent once encoded, not twice', () => {
    current.router = { path: 'pages/trainTicket/ticketDetails/index', params: { name: '%E4%B8%8A%E6%B5%B7' } }
    expect(hereAsReturn()).toEqual({ back: 'trainTicketDetails', backQuery: 'name=%E4%B8%8A%E6%B5%B7' })
  })
  it('nothing known: nothing to return to', () => {
    current.router = null
    expect(hereAsReturn()).toEqual({})
    current.router = { path: '/somewhere/else', params: {} }
    expect(hereAsReturn()).toEqual({})
  })
})

describe('returnTarget', () => {
  it('reads back what hereAsReturn wrote, decoded by the platform or not', () => {
    const q = 'from=AOH&to=VNP&name=%E4%B8%8A%E6%B5%B7'
    expect(returnTarget({ back: 'trainSearchTicketList', backQuery: q })).toEqual({
      name: 'trainSearchTicketList',
      query: { from: 'AOH', to: 'VNP', name: '上海' },
    })
    expect(returnTarget({ back: 'trainSearchTicketList', backQuery: encodeURIComponent(q) })).toEqual({
      name: 'trainSearchTicketList',
      query: { from: 'AOH', to: 'VNP', name: '上海' },
    })
  })
  it('never an address, only a route name of the app', () => {
    expect(returnTarget({ back: 'https://evil.example/' })).toBeNull()
    expect(returnTarget({ back: '/pages/trainTicket/homePage/index' })).toBeNull()
    expect(returnTarget({ back: 'toString' })).toBeNull()
    expect(returnTarget({})).toBeNull()
  })
  it('never the login page itself (a login would ask for a login again); home instead', () => {
    expect(returnTarget({ back: 'login', backQuery: 'x=1' })).toBeNull()
  })
  it('a deep link survives the round trip: returnOf, then returnTarget', () => {
    const params = { ehc: 'demo', ec: 'DEMO', fromStation: '北京', toStation: '上海', date: '2026-12-01', $taroTimestamp: '9' }
    const r = returnOf('trainSearchTicketList', params)
    expect(returnTarget({ back: r.back, backQuery: r.backQuery })).toEqual({
      name: 'trainSearchTicketList',
      query: { fromStation: '北京', toStation: '上海', date: '2026-12-01' },
    })
    // the mini-program hands backQuery over still encoded once more
    expect(returnTarget({ back: r.back, backQuery: encodeURIComponent(r.backQuery ?? '') })).toEqual({
      name: 'trainSearchTicketList',
      query: { fromStation: '北京', toStation: '上海', date: '2026-12-01' },
    })
  })
  it('does not let backQuery set the event or another return', () => {
    expect(returnTarget({ back: 'trainHome', backQuery: 'ehc=other&back=login&x=%' })).toEqual({ name: 'trainHome', query: { x: '%' } })
  })
})
