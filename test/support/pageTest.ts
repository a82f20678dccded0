/**
 * A page test starts from a new install: the Taro mock, storage and store reset, Chinese, and a
 * fake server answering `handlers` (others answer ok(null)).
 */
import { resetAppStore } from './appStore'
import { installServer, type Handler } from './fakeServer'
import { resetTaroComponentMock, storage } from './taroComponentMock'

export function freshPageTest(handlers: Record<string, Handler> = {}): void {
  // React schedules as in a browser (the fetch → store → effect order matters in page tests);
  // Testing Library's own act() calls still set the flag for their duration
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  resetTaroComponentMock()
  storage.clear()
  resetAppStore({ language: 'zh' })
  installServer(handlers)
}
