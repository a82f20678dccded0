/**
 * Declarations (contracts/calls) and routes agree: every declared call has a route, every /api
 * route is declared, and every declared path is a call of spec §7 (or says it is beyond it).
 */
import type { FastifyInstance } from 'fastify'
import { ALL_CALLS } from '@contracts/calls'
import { setup, type TestContext } from './helper'

/** spec §7, every call path (89), as the spec lists them */
const SPEC_CALLS = [
  ...['queryTrainTicket', 'querySubwayStation', 'getPreSaleDay'].map((o) => `/api/biz/tmcTrain/${o}`),
  ...['queryTrainStation', 'listTrainstation'].map((o) => `/api/train/comTrainstation/${o}`),
  '/api/pay/basicOrderInfo/pageOrder',
  '/api/train/orderTicket/get',
  ...['save', 'getTrainOrderInfo', 'trainCancelOrder', 'paymentOrder', 'payOnBusiness', 'askOrderTicket', 'remove'].map((o) => `/api/train/orderInfo/${o}`),
  '/api/train/refundTicketOrder/estimatedRefund',
  '/api/train/refundOrder/save',
  ...['askChangeOrderTicket', 'save', 'get'].map((o) => `/api/train/changeOrderInfo/${o}`),
  '/api/pay/businessInfo/page',
  '/api/biz/tmcPassenger/deleteTravelers',
  ...['loginRailway', 'isLogin'].map((o) => `/api/biz/tmcLogin/${o}`),
  ...[
    'updateFollower',
    'update',
    'removeFollower',
    'getByContactCode',
    'getSignupContact',
    'getSignupContactByProductType',
    'allowEdit',
    'updatePasswordWithOld',
    'saveEnrollment',
    'getSignupContactMessage',
    'listByParentCodeAndEventCode',
    'saveFollower',
  ].map((o) => `/api/register/signupContact/${o}`),
  '/api/register/signupContactCodeRule/get',
  '/api/register/signupContactType/list',
  '/api/register/signupContactRelatedRule/list',
  '/api/register/personal/listItem',
  '/api/register/cmsEventInfoChildrenSchedule/list',
  '/api/register/signupScheduleSummary/list',
  ...[
    'findFlightList',
    'findCabinsList',
    'removeTicketOrder',
    'findSignupContactList',
    'findOrderDetails',
    'getReissueRefundPriceMultiPlayer',
    'ticketRefund',
    'ticketBooking',
    'findRuleAnnotable',
    'ticketCancel',
    'ticketCancelChange',
    'ticketChange',
    'findAirportList',
    'findRebookList',
    'listAirport',
    'findEpidemicSituation',
  ].map((o) => `/api/flight/flight/${o}`),
  ...['payOnBusiness', 'createOrderPay', 'orderPayNotify', 'createChangeOrderPay', 'confirmChangeOrder'].map((o) => `/api/flight/pay/${o}`),
  '/api/biz/cmsEventInfo/get',
  '/api/biz/cmsEventInfo/getEventByHash',
  '/api/register/signupExterior/get',
  '/api/register/signupResult/resultList',
  '/api/sys/dict/listItem',
  '/api/base/comCitys/treeList',
  '/api/cms/atlasDetail/page',
  '/api/biz/cmsWebpage/getByEventCode',
  '/api/biz/cmsWebpage/getApi',
  '/api/biz/cmsWebpagePage/list',
  '/api/biz/cmsWebpagePage/get',
  '/api/biz/webpageModule/list',
  '/api/biz/webpageModuleLang/list',
  '/api/biz/cmsArticle/getArticleContent',
  '/api/biz/cmsArticle/getApi',
  '/api/register/meetingPageView/addPageView',
  '/api/obs/file/downLoadFileBase64',
  '/api/wx/officialAccounts/sign',
  '/api/guest/login',
  '/api/getUser',
  '/api/user',
  ...['getDetail'].map((o) => `/api/travel/restsShow/${o}`),
  '/api/travel/standardSetting/getSeat',
  '/api/travel/productVisibilityRule/listVisibilityRule',
  '/api/travel/orderVerify/flightOrderVerify',
  '/api/travel/orderVerify/trainOrderVerify',
  '/api/travel/controlRule/listAvailableRange',
]
/** the calls spec §7 marks * (no loading indicator) */
const NO_LOADING = [
  '/api/train/orderInfo/save',
  '/api/train/orderInfo/getTrainOrderInfo',
  '/api/train/orderInfo/trainCancelOrder',
  '/api/flight/flight/findOrderDetails',
  '/api/flight/flight/ticketBooking',
]
/** calls we added beyond spec §7, each with its reason in its declaration's comment */
const BEYOND_SPEC: string[] = [
  '/api/guest/logout',
  // train: the saved travellers editOrAddPassengers lists and edits (spec §7 has only their deletion)
  '/api/biz/tmcPassenger/list',
  '/api/biz/tmcPassenger/save',
  // train: grab requests for sold-out trains (spec §8 "no tickets left (suggest grabbing)", no spec call)
  '/api/train/grabOrder/save',
  '/api/train/grabOrder/list',
  '/api/train/grabOrder/cancel',
  // event day: spec §1 names these functions, §7 has no call for them
  '/api/eventday/info/get', // home entries, event information, venue and contacts (/home, /activityInfo, /contactUsIndex)
  '/api/eventday/checkin/scan', // self-service check-in with the signed QR code or typed code
  '/api/eventday/checkin/get', // whether and when the attendee checked in (/signIndex)
  '/api/eventday/attendanceCode/get', // the attendee's personal attendance code
  '/api/eventday/feedback/save', // /feedback
  '/api/eventday/colleague/list', // colleagues: names and roles only (personal/listItem is the registration form's)
  '/api/eventday/tableNum/get', // /tableNumIndex
  '/api/eventday/designPage/get', // /designIndex and /customTempIndex page descriptions
  // signing up for one activity from the agenda without re-sending the whole form
  '/api/register/signupSchedule/save',
  // spec §7 gives the upload helper (raw body + tag) but not its path
  '/api/obs/file/upload',
  // WeChat subscription messages (订阅消息), which came after spec §7
  '/api/wx/subscribeMessage/save',
  // the organisers' console (contracts/admin/): spec §7 is the attendee app's
  ...Object.values(ALL_CALLS)
    .map((c) => c.path)
    .filter((p) => p.startsWith('/api/admin/')),
]
/** calls beyond spec §7 that run in the background, with no loading indicator */
const QUIET_BEYOND_SPEC = ['/api/wx/subscribeMessage/save']

let t: TestContext
let app: FastifyInstance
beforeAll(async () => {
  t = await setup()
  app = t.app
})
afterAll(async () => t?.close())

describe('declared calls and routes', () => {
  const declared = Object.entries(ALL_CALLS)

  it('the spec list has the 89 calls of spec §7, once each', () => {
    expect(SPEC_CALLS).toHaveLength(89)
    expect(new Set(SPEC_CALLS).size).toBe(89)
  })

  it.each(declared)('%s has its POST route', (_name, call) => {
    expect(app.hasRoute({ method: 'POST', url: call.path })).toBe(true)
  })

  it('every /api route is declared, and no path is declared twice', () => {
    const paths = declared.map(([, c]) => c.path)
    expect(new Set(paths).size).toBe(paths.length)
    const apiRoutes = app.routeList.filter((r) => r.url.startsWith('/api/'))
    expect(apiRoutes.every((r) => r.method === 'POST')).toBe(true)
    expect(apiRoutes.map((r) => r.url).sort()).toEqual([...paths].sort())
  })

  it.each(declared)('%s is a spec §7 call (or declared beyond it), with the loading flag of spec §7', (_name, call) => {
    expect([...SPEC_CALLS, ...BEYOND_SPEC]).toContain(call.path)
    expect(call.loading).toBe(!NO_LOADING.includes(call.path) && !QUIET_BEYOND_SPEC.includes(call.path))
  })
})
