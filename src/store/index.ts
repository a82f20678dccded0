import { create, type StateCreator } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { EventInfo, UserInfo } from '@contracts/event'
import type { AppearanceResponse } from '@contracts/calls/event'
import { taroStorage } from './taroStorage'
import { createTrainSlice, type TrainSlice } from './trainSlice'
import { createRegisterSlice, type RegisterSlice } from './registerSlice'

/** One store made of slices (zustand slices pattern); persisted as a whole, partially. */

export interface SessionSlice {
  /** guest token from /api/guest/login, sent as the authorization header */
  token: string | null
  tokenMd5: string | null
  user: UserInfo | null
  setSession: (s: { token: string; tokenMd5: string; user: UserInfo }) => void
  setUser: (user: UserInfo) => void
  clearSession: () => void
}

export interface EventSlice {
  eventCode: string | null
  eventHashCode: string | null
  event: EventInfo | null
  /** when `event` came from the server in this run of the app (not persisted) */
  eventLoadedAt: number | null
  appearance: AppearanceResponse | null
  /** set by microsite permissionType 4: which user types may see it (spec §6) */
  someUserTypes: string[] | null
  setEventParams: (p: { eventCode?: string | null; eventHashCode?: string | null }) => void
  setEvent: (event: EventInfo) => void
  setAppearance: (a: AppearanceResponse) => void
  setSomeUserTypes: (t: string[] | null) => void
}

export type Language = 'zh' | 'en'
export interface LanguageSlice {
  /** null: follow the device locale */
  language: Language | null
  setLanguage: (l: Language) => void
}

/** a place the air search went from or to: a city (all its airports) or one airport */
export interface AirPlace {
  /** city code or airport code, as findFlightList takes it */
  code: string
  nameZh: string
  nameEn: string
  /** the city it is in (the event's travel range is a list of cities) */
  cityZh: string
  cityEn: string
}
export interface AirRecentSearch {
  dep: AirPlace
  arr: AirPlace
  date: string
}
export interface AirSlice {
  /** the inquiry page's recent searches, newest first */
  airRecentSearches: AirRecentSearch[]
  /**
   * the reservation form as typed, for the flight and cabin it was typed for (`forKey`), so
   * nothing is lost when the attendee leaves the page or it reloads; the feature owns its shape
   */
  airBookingDraft: { forKey: string; draft: object } | null
  /** the refund or change form of an order as typed, kept the same way (`forKey` names form and order) */
  airAfterSalesDraft: { forKey: string; draft: object } | null
  setAirRecentSearches: (s: AirRecentSearch[]) => void
  setAirBookingDraft: (d: { forKey: string; draft: object } | null) => void
  setAirAfterSalesDraft: (d: { forKey: string; draft: object } | null) => void
}

export type AppState = SessionSlice & EventSlice & LanguageSlice & TrainSlice & AirSlice & RegisterSlice & EventDaySlice
/**
 * Event day (features/eventday): what must work at the door with no network. Check-ins scanned
 * offline wait here with the time they happened until they are sent; what the attendee has seen
 * once (attendance code, schedule, home entries) is kept by key for reading offline.
 */
export interface QueuedCheckin {
  /** the scan result or typed code, as it was */
  text: string
  /** ISO 8601: when it was scanned */
  scannedAt: string
  /** made once per scan, reused on every send (exactly once on the server) */
  idempotencyKey: string
  /** the login it was scanned under: another login never sends it */
  token: string
}
export interface EventDaySlice {
  checkinQueue: QueuedCheckin[]
  offlineCopies: Record<string, { data: unknown; savedAt: number }>
  queueCheckin: (c: QueuedCheckin) => void
  dropQueuedCheckin: (idempotencyKey: string) => void
  keepOfflineCopy: (key: string, data: unknown) => void
}

const createSessionSlice: StateCreator<AppState, [], [], SessionSlice> = (set) => ({
  token: null,
  tokenMd5: null,
  user: null,
  setSession: ({ token, tokenMd5, user }) => set({ token, tokenMd5, user }),
  setUser: (user) => set({ user }),
  // the air booking draft holds passengers' document numbers: it leaves with the session
  clearSession: () => set({ token: null, tokenMd5: null, user: null, airBookingDraft: null, airAfterSalesDraft: null }),
})

const createEventSlice: StateCreator<AppState, [], [], EventSlice> = (set, get) => ({
  eventCode: null,
  eventHashCode: null,
  event: null,
  eventLoadedAt: null,
  appearance: null,
  someUserTypes: null,
  setEventParams: ({ eventCode, eventHashCode }) => {
    const cur = get()
    const next = {
      eventCode: eventCode ?? cur.eventCode,
      eventHashCode: eventHashCode ?? cur.eventHashCode,
    }
    // a link to another event must not show the previous event's data, nor keep its other
    // identifier, nor its login (a token belongs to the event it was issued for)
    const switched = (eventCode && eventCode !== cur.eventCode) || (eventHashCode && eventHashCode !== cur.eventHashCode)
    if (!switched) return set(next)
    set({
      eventCode: eventCode ?? null,
      eventHashCode: eventHashCode ?? null,
      event: null,
      eventLoadedAt: null,
      appearance: null,
      someUserTypes: null,
      token: null,
      tokenMd5: null,
      user: null,
    })
  },
  setEvent: (event) => set({ event, eventLoadedAt: Date.now(), eventCode: event.eventCode, eventHashCode: event.eventHashCode }),
  setAppearance: (appearance) => set({ appearance }),
  setSomeUserTypes: (someUserTypes) => set({ someUserTypes }),
})

const createLanguageSlice: StateCreator<AppState, [], [], LanguageSlice> = (set) => ({
  language: null,
  setLanguage: (language) => set({ language }),
})

const createAirSlice: StateCreator<AppState, [], [], AirSlice> = (set) => ({
  airRecentSearches: [],
  airBookingDraft: null,
  airAfterSalesDraft: null,
  setAirRecentSearches: (airRecentSearches) => set({ airRecentSearches }),
  setAirBookingDraft: (airBookingDraft) => set({ airBookingDraft }),
  setAirAfterSalesDraft: (airAfterSalesDraft) => set({ airAfterSalesDraft }),
})

const createEventDaySlice: StateCreator<AppState, [], [], EventDaySlice> = (set) => ({
  checkinQueue: [],
  offlineCopies: {},
  queueCheckin: (c) => set((s) => ({ checkinQueue: [...s.checkinQueue.filter((q) => q.idempotencyKey !== c.idempotencyKey), c] })),
  dropQueuedCheckin: (key) => set((s) => ({ checkinQueue: s.checkinQueue.filter((q) => q.idempotencyKey !== key) })),
  keepOfflineCopy: (key, data) => set((s) => ({ offlineCopies: { ...s.offlineCopies, [key]: { data, savedAt: Date.now() } } })),
})

export const STORE_KEY = 'attendee-app'

export const useAppStore = create<AppState>()(
  persist(
    (...a) => ({
      ...createSessionSlice(...a),
      ...createEventSlice(...a),
      ...createLanguageSlice(...a),
      ...createTrainSlice(...a),
      ...createAirSlice(...a),
      ...createRegisterSlice<AppState>()(...a),
      ...createEventDaySlice(...a),
    }),
    {
      name: STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => taroStorage),
      partialize: (s) => ({
        token: s.token,
        tokenMd5: s.tokenMd5,
        user: s.user,
        eventCode: s.eventCode,
        eventHashCode: s.eventHashCode,
        event: s.event,
        someUserTypes: s.someUserTypes,
        language: s.language,
        trainSearch: s.trainSearch,
        trainRecent: s.trainRecent,
        trainDraft: s.trainDraft,
        airRecentSearches: s.airRecentSearches,
        airBookingDraft: s.airBookingDraft,
        airAfterSalesDraft: s.airAfterSalesDraft,
        registerDrafts: s.registerDrafts,
        registrations: s.registrations,
        checkinQueue: s.checkinQueue,
        offlineCopies: s.offlineCopies,
      }),
      migrate: (persisted) => persisted as AppState,
    },
  ),
)

/** for code outside React (request client, guard) */
export const appState = (): AppState => useAppStore.getState()
