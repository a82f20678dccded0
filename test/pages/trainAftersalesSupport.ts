/**
 * What the train after-sales page tests share (train-aftersales-*.test.tsx): the train pages'
 * fake server with the pre-sale period and a logged-in attendee (./trainSupport), opened at the
 * demo event, and the DOM helpers. Each test file mocks '@tarojs/taro' itself and calls
 * setUpTrainAftersalesPages().
 */
import { setRouterParams } from '../support/taroComponentMock'
import { setUpTrainPageServer } from './trainSupport'

export { all, q, texts } from './trainSupport'

/** the train pages' server and attendee, each page opened with the demo event's codes */
export function setUpTrainAftersalesPages(): void {
  setUpTrainPageServer()
  beforeEach(() => {
    setRouterParams({ ehc: 'demo', ec: 'E1' })
  })
}
