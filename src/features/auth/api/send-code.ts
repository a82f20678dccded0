import { sendLoginCode as declaration, type SendCodeRequest } from '@contracts/calls/auth'
import { call } from '@/lib/request'

/** sends a login code by SMS or e-mail (the spec §7 call that carries it: contracts/calls/auth.ts) */
export const sendLoginCode = (body: SendCodeRequest) => call(declaration, body)
