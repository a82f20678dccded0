import { API, type LoginRequest, type LoginResponse } from '@contracts/api'
import { request, type RequestResult } from '@/lib/request'

/** the full result: a not-registered attendee (EREG1036) comes back as a notice, not an error */
export const guestLogin = (body: LoginRequest): Promise<RequestResult<LoginResponse>> =>
  request<LoginResponse>(API.guestLogin, body)
