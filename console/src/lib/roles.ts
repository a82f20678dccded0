/** What the logged-in person may do at an event, by the table the server refuses by (contracts/admin/roles.ts). */
import { mayDo, type EventAction, type StaffRole } from '@contracts/admin/roles'
import { useConsole } from './store'

export function useMay(): (role: StaffRole | null, action: EventAction) => boolean {
  const platformAdmin = useConsole((s) => !!s.profile?.platformAdmin)
  return (role, action) => platformAdmin || mayDo(role, action)
}
