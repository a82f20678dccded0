import { API, type GetUserResponse } from '@contracts/api'
import { requestData } from '@/lib/request'

export const getUser = (): Promise<GetUserResponse> => requestData<GetUserResponse>(API.getUser)
