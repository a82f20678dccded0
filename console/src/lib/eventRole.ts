/** The logged-in person's role at an event, from their profile (null: none, or the platform administrator without one). */
import type { StaffRole } from '@contracts/admin/roles'
import { useConsole } from './store'

export const useEventRole = (eventCode: string): StaffRole | null => useConsole((s) => s.profile?.roles.find((r) => r.eventCode === eventCode)?.role ?? null)
