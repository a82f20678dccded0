import { logout as revokeSession } from '@contracts/calls/auth'
import { confirm } from '@/lib/feedback'
import { t } from '@/lib/i18n'
import { background } from '@/lib/request'
import { reLaunch } from '@/lib/router/navigate'
import { appState } from '@/store'

/**
 * Asks first; then ends the session on the server and on this device, and opens the event's login
 * page. The server half runs in the background (the token is read as the request starts, before
 * it is cleared here): offline or failing, the attendee is still logged out on this phone, and the
 * token expires on its own.
 */
export async function logout(): Promise<void> {
  if (!(await confirm({ content: t('home.logoutConfirm') }))) return
  void background(revokeSession, {})
  appState().clearSession()
  void reLaunch('login')
}
