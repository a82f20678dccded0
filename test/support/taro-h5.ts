/**
 * What `@tarojs/taro` is in the H5 build: the H5 API set, plus the React page hooks that the
 * Taro webpack loader (plugin-framework-react/dist/api-loader) appends to it. jest.config.js maps
 * '@tarojs/taro' here; tests that need a fake Taro still jest.mock('@tarojs/taro').
 */
import taro from '@tarojs/taro-h5'
import * as TaroH5 from '@tarojs/taro-h5'
import * as runtime from '@tarojs/plugin-framework-react/dist/runtime'

/** the hooks the api-loader adds (the same list as plugin-framework-react's) */
const HOOK_NAMES = [
  'useAddToFavorites',
  'useDidHide',
  'useDidShow',
  'useError',
  'useLaunch',
  'useLoad',
  'useOptionMenuClick',
  'useKeyboardHeight',
  'usePageNotFound',
  'usePageScroll',
  'usePullDownRefresh',
  'usePullIntercept',
  'useReachBottom',
  'useReady',
  'useResize',
  'useRouter',
  'useSaveExitState',
  'useShareAppMessage',
  'useShareTimeline',
  'useTabItemTap',
  'useTitleClick',
  'useScope',
  'useUnhandledRejection',
  'useUnload',
] as const

const hooks = Object.fromEntries(HOOK_NAMES.map((name) => [name, (runtime as Record<string, unknown>)[name]]))

export * from '@tarojs/taro-h5'
export const {
  useAddToFavorites,
  useDidHide,
  useDidShow,
  useError,
  useLaunch,
  useLoad,
  useOptionMenuClick,
  useKeyboardHeight,
  usePageNotFound,
  usePageScroll,
  usePullDownRefresh,
  usePullIntercept,
  useReachBottom,
  useReady,
  useResize,
  useRouter,
  useSaveExitState,
  useShareAppMessage,
  useShareTimeline,
  useTabItemTap,
  useTitleClick,
  useScope,
  useUnhandledRejection,
  useUnload,
} = runtime
export default Object.assign(taro, TaroH5, hooks)
