import { API, type SendCodeRequest, type SendCodeResponse } from '@contracts/api'
import { requestData } from '@/lib/request'

/** sends a login code by SMS or e-mail (spec §7 call: see contracts/api.ts `sendCode`) */
export const sendLoginCode = (body: SendCodeRequest): Promise<SendCodeResponse> =>
  requestData<SendCodeResponse>(API.sendCode, body)
