import Taro from '@tarojs/taro'
import type { StateStorage } from 'zustand/middleware'

/**
 * Taro's synchronous storage (wx storage on weapp, localStorage on H5). Being synchronous, the
 * persisted store is hydrated while it is created — before any page guard asks for the token.
 */
export const taroStorage: StateStorage = {
  getItem: (name) => {
    const v = Taro.getStorageSync(name)
    return typeof v === 'string' && v !== '' ? v : null
  },
  setItem: (name, value) => Taro.setStorageSync(name, value),
  removeItem: (name) => Taro.removeStorageSync(name),
}
