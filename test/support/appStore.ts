import { useAppStore, type AppState } from '@/store'

/**
 * Back to a new install (the store's own initial state, so a field added to a slice is reset
 * too), then `overrides`. test/store.test.ts asserts what that initial state is.
 */
export function resetAppStore(overrides: Partial<AppState> = {}): void {
  useAppStore.setState({ ...useAppStore.getInitialState(), ...overrides })
}
