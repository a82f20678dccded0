/**
 * What the phone reports: an iPhone 14 on WeChat 8.0.50, base library 3.5.8, as its
 * getSystemInfoSync / getWindowInfo / getMenuButtonBoundingClientRect answer. The capsule (the
 * "··· ⊙" menu WeChat draws over every page) is where a custom navigation bar must leave room.
 */
export interface Device {
  language: string
}

export const DEFAULT_DEVICE: Device = { language: 'zh_CN' }

const SCREEN = { width: 390, height: 844, pixelRatio: 3, statusBarHeight: 47 }
const safeArea = { top: 47, left: 0, right: 390, bottom: 810, width: 390, height: 763 }

export function windowInfo() {
  return {
    pixelRatio: SCREEN.pixelRatio,
    screenWidth: SCREEN.width,
    screenHeight: SCREEN.height,
    // every page draws its own navigation bar (navigationStyle: custom): the window is the screen
    windowWidth: SCREEN.width,
    windowHeight: SCREEN.height,
    statusBarHeight: SCREEN.statusBarHeight,
    safeArea: { ...safeArea },
    screenTop: 0,
  }
}

export function deviceInfo() {
  return {
    abi: 'arm64',
    deviceAbi: 'arm64',
    benchmarkLevel: -1,
    brand: 'iPhone',
    model: 'iPhone 14<iPhone14,7>',
    system: 'iOS 17.5.1',
    platform: 'ios',
    cpuType: 'unknown',
    memorySize: 6144,
  }
}

export function appBaseInfo(device: Device) {
  return {
    SDKVersion: '3.5.8',
    enableDebug: false,
    host: { env: 'WeChat' },
    language: device.language,
    version: '8.0.50',
    theme: 'light',
    fontSizeSetting: 17,
  }
}

export function systemSetting() {
  return { bluetoothEnabled: false, locationEnabled: true, wifiEnabled: true, deviceOrientation: 'portrait' }
}

export function appAuthorizeSetting() {
  return {
    albumAuthorized: 'not determined',
    bluetoothAuthorized: 'not determined',
    cameraAuthorized: 'not determined',
    locationAuthorized: 'not determined',
    locationReducedAccuracy: false,
    microphoneAuthorized: 'not determined',
    notificationAuthorized: 'authorized',
    phoneCalendarAuthorized: 'not determined',
  }
}

/** the deprecated all-in-one call, still what most code (and Taro) uses */
export function systemInfo(device: Device) {
  return {
    ...deviceInfo(),
    ...windowInfo(),
    ...appBaseInfo(device),
    ...systemSetting(),
    ...appAuthorizeSetting(),
    fontSizeScaleFactor: 1,
    wifiEnabled: true,
  }
}

export function menuButtonRect() {
  return { width: 87, height: 32, top: 51, bottom: 83, left: 296, right: 383 }
}
