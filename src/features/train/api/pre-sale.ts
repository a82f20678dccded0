import { getPreSaleDay } from '@contracts/calls/train/search'
import { call } from '@/lib/request'

export const fetchPreSale = () => call(getPreSaleDay, {})
