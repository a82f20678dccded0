/**
 * What `@tarojs/taro` is in the H5 build: the H5 API set, plus the React page hooks that the
 * Taro webpack loader (plugin-framework-react/dist/api-loader) appends to it. jest.config.js maps
 * '@tarojs/taro' here; tests that need a fake Taro still jest.mock('@tarojs/taro').
 */
import taro from '@tarojs/taro-h5'
import * as TaroH5 from '@tarojs/taro-h5'
import {
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
} from '@tarojs/plugin-framework-react/dist/runtime'

const hooks = {
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
}

export * from '@tarojs/taro-h5'
export {
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
}
export default Object.assign(taro, TaroH5, hooks)
