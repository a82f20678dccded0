import { guestLogin as declaration, type LoginRequest } from '@contracts/calls/auth'
import { callResult } from '@/lib/request'

/** the full result: a not-registered attendee (EREG1036) comes back as a notice, not an error */
export const guestLogin = (body: LoginRequest) => callResult(declaration, body)
