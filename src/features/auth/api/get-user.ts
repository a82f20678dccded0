import { getUser as declaration } from '@contracts/calls/auth'
import { call } from '@/lib/request'

export const getUser = () => call(declaration, {})
