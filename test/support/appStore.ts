import { useAppStore, type AppState } from '@/store'

/** the store's data as a new install has it (actions untouched) */
export const EMPTY_APP_STATE: Partial<AppState> = {
  token: null,
  tokenMd5: null,
  user: null,
  eventCode: null,
  eventHashCode: null,
  event: null,
  eventLoadedAt: null,
  appearance: null,
  someUserTypes: null,
  language: null,
}

/** back to a new install, then `overrides` */
export function resetAppStore(overrides: Partial<AppState> = {}): void {
  useAppStore.setState({ ...EMPTY_APP_STATE, ...overrides })
}
