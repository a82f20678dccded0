/**
 * The app store: what is persisted through Taro storage, session clearing, event switching, and
 * hydration from storage when the module loads.
 */
import type { EventInfo, UserInfo } from '@contracts/event'
import type { AppearanceResponse } from '@contracts/calls/event'
import { STORE_KEY, appState, useAppStore, type AppState } from '@/store'
import { resetTaroMock, storage, taro } from './support/taroMock'

import { USER as FIXTURE_USER } from './support/fixtures'

jest.mock('@tarojs/taro', () => require('./support/taroMock').taroMockModule())

const USER: UserInfo = { ...FIXTURE_USER, company: null }
const eventOf = (eventCode: string, eventHashCode: string): EventInfo => ({
  eventCode,
  eventHashCode,
  titleZh: `会议${eventCode}`,
  titleEn: `Event ${eventCode}`,
  startTime: '2026-01-01T09:00:00+08:00',
  endTime: '2026-01-02T18:00:00+08:00',
  timeZone: 'Asia/Shanghai',
  venueZh: '北京',
  venueEn: 'Beijing',
  enabled: true,
  loginModes: ['mobile'],
  loginExtraFields: [],
  permissionType: 4,
  someUserTypes: ['vip'],
})
const APPEARANCE: AppearanceResponse = {
  shareTitle: 't',
  shareSubTitle: 's',
  sharePic: 'p',
  themeColor: '#123456',
  bannerUrl: 'b',
}

/** what the store wrote to Taro storage */
function persisted(): Partial<AppState> & Record<string, unknown> {
  const raw = storage.get(STORE_KEY)
  expect(typeof raw).toBe('string')
  const parsed = JSON.parse(raw as string)
  expect(parsed.version).toBe(1)
  return parsed.state
}

const INITIAL = {
  token: null,
  tokenMd5: null,
  user: null,
  eventCode: null,
  eventHashCode: null,
  event: null,
  appearance: null,
  someUserTypes: null,
  language: null,
}

beforeEach(() => {
  resetTaroMock()
  storage.clear()
  useAppStore.setState(INITIAL)
})

describe('persistence through Taro storage', () => {
  it('writes with Taro.setStorageSync under one key', () => {
    appState().setLanguage('en')
    expect(taro.setStorageSync).toHaveBeenCalledWith(STORE_KEY, expect.any(String))
  })

  it('persists token, md5 and user', () => {
    appState().setSession({ token: 'tok', tokenMd5: 'md5', user: USER })
    expect(persisted()).toMatchObject({ token: 'tok', tokenMd5: 'md5', user: USER })
  })

  it('persists the language choice', () => {
    appState().setLanguage('en')
    expect(persisted().language).toBe('en')
    appState().setLanguage('zh')
    expect(persisted().language).toBe('zh')
  })

  it('persists the event codes and the event', () => {
    appState().setEventParams({ eventCode: 'E1', eventHashCode: 'H1' })
    expect(persisted()).toMatchObject({ eventCode: 'E1', eventHashCode: 'H1' })
    appState().setEvent(eventOf('E1', 'H1'))
    appState().setSomeUserTypes(['vip'])
    expect(persisted()).toMatchObject({ event: eventOf('E1', 'H1'), someUserTypes: ['vip'] })
  })

  it('does not persist the functions', () => {
    appState().setSession({ token: 'tok', tokenMd5: 'md5', user: USER })
    const keys = Object.keys(persisted())
    expect(keys.filter((k) => typeof (appState() as unknown as Record<string, unknown>)[k] === 'function')).toEqual([])
  })
})

describe('clearSession', () => {
  it('clears token, md5 and user in memory and in storage, and keeps the event and language', () => {
    appState().setEventParams({ eventCode: 'E1', eventHashCode: 'H1' })
    appState().setLanguage('en')
    appState().setSession({ token: 'tok', tokenMd5: 'md5', user: USER })

    appState().clearSession()

    expect(appState()).toMatchObject({ token: null, tokenMd5: null, user: null })
    expect(persisted()).toMatchObject({ token: null, tokenMd5: null, user: null })
    expect(appState()).toMatchObject({ eventCode: 'E1', eventHashCode: 'H1', language: 'en' })
    expect(persisted()).toMatchObject({ eventCode: 'E1', eventHashCode: 'H1', language: 'en' })
  })
})

describe('setEventParams', () => {
  /** the store holding event E1/H1, fully loaded */
  function loadE1(): void {
    appState().setEvent(eventOf('E1', 'H1'))
    appState().setAppearance(APPEARANCE)
    appState().setSomeUserTypes(['vip'])
  }
  const LOADED = { event: eventOf('E1', 'H1'), appearance: APPEARANCE, someUserTypes: ['vip'] }
  const CLEARED = { event: null, appearance: null, someUserTypes: null }

  it.each([
    ['the same code', { eventCode: 'E1' }, { eventCode: 'E1', eventHashCode: 'H1', ...LOADED }],
    ['the same hash', { eventHashCode: 'H1' }, { eventCode: 'E1', eventHashCode: 'H1', ...LOADED }],
    ['the same code and hash', { eventCode: 'E1', eventHashCode: 'H1' }, { eventCode: 'E1', eventHashCode: 'H1', ...LOADED }],
    ['nothing', {}, { eventCode: 'E1', eventHashCode: 'H1', ...LOADED }],
    ['null values', { eventCode: null, eventHashCode: null }, { eventCode: 'E1', eventHashCode: 'H1', ...LOADED }],
    ['another code and hash', { eventCode: 'E2', eventHashCode: 'H2' }, { eventCode: 'E2', eventHashCode: 'H2', ...CLEARED }],
  ])('with %s keeps or clears the loaded event as expected', (_name, params, expected) => {
    loadE1()
    appState().setEventParams(params)
    expect(appState()).toMatchObject(expected)
  })

  it.each([
    ['another code only', { eventCode: 'E2' }],
    ['another hash only', { eventHashCode: 'H2' }],
  ])('with %s clears the previous event, its appearance and its user types', (_name, params) => {
    loadE1()
    appState().setEventParams(params)
    expect(appState()).toMatchObject(CLEARED)
    expect(persisted()).toMatchObject({ event: null, someUserTypes: null })
  })

  it.each([
    // A link with only ?ec=E2 (or only ?ehc=H2) is another event: the previous event's other
    // identifier must not survive, or loadEvent({eventHashCode, eventCode}) — which prefers the
    // hash — fetches the previous event again (useCurrentEvent, PageLayout) and setEvent puts
    // the previous event code back.
    ['another code only', { eventCode: 'E2' }, { eventCode: 'E2', eventHashCode: null }],
    ['another hash only', { eventHashCode: 'H2' }, { eventCode: null, eventHashCode: 'H2' }],
  ])("with %s does not keep the previous event's other identifier", (_name, params, expected) => {
    loadE1()
    appState().setEventParams(params)
    expect(appState()).toMatchObject(expected)
  })

  it('a login belongs to its event: switching events logs out, staying keeps the session', () => {
    loadE1()
    appState().setSession({ token: 'tok', tokenMd5: 'md5', user: null as never })
    appState().setEventParams({ eventHashCode: 'H1' })
    expect(appState()).toMatchObject({ token: 'tok', tokenMd5: 'md5' })
    appState().setEventParams({ eventHashCode: 'H2' })
    expect(appState()).toMatchObject({ token: null, tokenMd5: null, user: null })
    expect(persisted()).toMatchObject({ token: null, tokenMd5: null })
  })

  it('setEvent takes the codes from the event', () => {
    appState().setEventParams({ eventHashCode: 'H9' })
    appState().setEvent(eventOf('E9', 'H9'))
    expect(appState()).toMatchObject({ eventCode: 'E9', eventHashCode: 'H9' })
  })
})

describe('hydration at module load', () => {
  type Store = typeof import('@/store')
  function loadStoreFresh(): Store {
    let mod!: Store
    jest.isolateModules(() => {
      mod = require('@/store')
    })
    return mod
  }

  it('reads token, md5, language and event codes from existing storage synchronously', () => {
    storage.set(
      STORE_KEY,
      JSON.stringify({
        state: { token: 'stored-tok', tokenMd5: 'stored-md5', user: USER, language: 'en', eventCode: 'E7', eventHashCode: 'H7' },
        version: 1,
      }),
    )
    const fresh = loadStoreFresh()
    expect(fresh.useAppStore).not.toBe(useAppStore) // really a new store
    expect(taro.getStorageSync).toHaveBeenCalledWith(STORE_KEY)
    expect(fresh.useAppStore.persist.hasHydrated()).toBe(true)
    expect(fresh.appState()).toMatchObject({
      token: 'stored-tok',
      tokenMd5: 'stored-md5',
      user: USER,
      language: 'en',
      eventCode: 'E7',
      eventHashCode: 'H7',
    })
    // the actions are still there after merging the stored state
    fresh.appState().clearSession()
    expect(fresh.appState().token).toBeNull()
  })

  it('starts empty when nothing is stored (Taro reads a missing key as "")', () => {
    const fresh = loadStoreFresh()
    expect(fresh.appState()).toMatchObject(INITIAL)
  })

  it('survives unreadable storage and starts empty', () => {
    storage.set(STORE_KEY, '{not json')
    const fresh = loadStoreFresh()
    expect(fresh.appState()).toMatchObject(INITIAL)
  })
})
