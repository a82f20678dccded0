/**
 * A fake `@tarojs/taro` for component and page tests: the real H5 module (so Taro components,
 * taro-ui and the React runtime keep working) with the API calls of ./taroMock (request, toast,
 * modal, navigation, storage) replaced by jest fakes, and the page hooks a test needs to drive:
 *
 *   jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())
 *
 * - useRouter() returns `router` (set its params per test with setRouterParams, before render);
 * - useDidShow(cb) runs cb once after mount, as a page being shown does;
 * - hidePage() / showPage() run every mounted useDidHide / useDidShow callback (another page on
 *   top and back, the app in the background and back);
 * - useShareAppMessage is a no-op (there is no page instance under jsdom).
 *
 * Call resetTaroComponentMock() in beforeEach.
 */
import { useEffect, useRef } from 'react'
import { resetTaroMock, taro } from './taroMock'

export { storage, taro } from './taroMock'

interface RouterState {
  params: Record<string, string>
  path: string
}
const g = globalThis as unknown as { __taroRouter?: RouterState }
export const router: RouterState = g.__taroRouter ?? (g.__taroRouter = { params: {}, path: '' })

/** the address of the page under test; a fresh params object, as a new page gets */
export function setRouterParams(params: Record<string, string>, path = ''): void {
  router.params = { ...params }
  router.path = path
}

export function resetTaroComponentMock(): void {
  resetTaroMock()
  setRouterParams({})
}

function useRouter(): RouterState {
  return router
}

const shown = new Set<{ current: () => void }>()
const hidden = new Set<{ current: () => void }>()

function useDidShow(cb: () => void): void {
  const latest = useRef(cb)
  latest.current = cb
  useEffect(() => {
    shown.add(latest)
    latest.current()
    return () => void shown.delete(latest)
  }, [])
}

function useDidHide(cb: () => void): void {
  const latest = useRef(cb)
  latest.current = cb
  useEffect(() => {
    hidden.add(latest)
    return () => void hidden.delete(latest)
  }, [])
}

/** the page goes out of view (wrap in act()) */
export const hidePage = (): void => hidden.forEach((l) => l.current())
/** the page comes back into view (wrap in act()) */
export const showPage = (): void => shown.forEach((l) => l.current())

function useShareAppMessage(): void {
  // no page instance under jsdom
}

export function taroComponentMockModule(): Record<string, unknown> {
  const actual = jest.requireActual('@tarojs/taro') as Record<string, unknown> & { default: Record<string, unknown> }
  const fakes = { ...taro, useRouter, useDidShow, useDidHide, useShareAppMessage }
  return { ...actual, __esModule: true, default: { ...actual.default, ...fakes }, ...fakes }
}
