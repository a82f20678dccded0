import { getPreSaleDay } from '@contracts/calls/train'
import { call } from '@/lib/request'

export const fetchPreSale = () => call(getPreSaleDay, {})
