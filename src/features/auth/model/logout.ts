import { confirm } from '@/lib/feedback'
import { t } from '@/lib/i18n'
import { reLaunch } from '@/lib/router/navigate'
import { appState } from '@/store'

/** asks first; then ends the session on this device and opens the event's login page */
export async function logout(): Promise<void> {
  if (!(await confirm({ content: t('home.logoutConfirm') }))) return
  appState().clearSession()
  void reLaunch('login')
}
