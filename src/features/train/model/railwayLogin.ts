/** The railway login form (trainTicketLogin; spec §5 train messages). */
import type { MessageKey } from '../i18n'

export interface RailwayLoginForm {
  account: string
  password: string
  agreed: boolean
}

export const emptyRailwayLogin: RailwayLoginForm = { account: '', password: '', agreed: false }

/** the first thing wrong, in the order of spec §5: account and password, then the agreement */
export function validateRailwayLogin(f: RailwayLoginForm): MessageKey | null {
  if (!f.account.trim() || !f.password) return 'train.login.enterAccount'
  if (!f.agreed) return 'train.login.agreeFirst'
  return null
}
