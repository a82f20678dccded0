/** Reference data: code lists and the nation/province/city/county tree (spec §7). */
import { defineCall } from '../call'

export interface DictListItemRequest {
  dictCode: string
}
export interface DictItem {
  value: string
  labelZh: string
  labelEn: string
  sort: number
}
/** a code list; an unknown dictCode is an empty list (a client may ask for lists added later) */
export const listDictItems = defineCall<DictListItemRequest, DictItem[]>({ path: '/api/sys/dict/listItem', auth: 'none' })

export interface CityTreeRequest {
  /** '' or absent: provinces; a province code: its cities; a city code: its districts */
  parentCode?: string
  /** 1 provinces only, 2 with cities, 3 with districts (only without parentCode) */
  depth?: 1 | 2 | 3
}
export interface CityNode {
  code: string
  name: string
  children?: CityNode[]
}
export const getCityTree = defineCall<CityTreeRequest, CityNode[]>({ path: '/api/base/comCitys/treeList', auth: 'none' })
