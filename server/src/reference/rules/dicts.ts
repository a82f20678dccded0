/**
 * Code lists for /api/sys/dict/listItem. Values are stable identifiers the client stores and sends
 * back; labels are for display. Kept in code (not the database) because they change with releases,
 * not with events.
 */
import type { DictItem } from '@contracts/calls/reference'

type Row = [value: string, labelZh: string, labelEn: string]

const list = (rows: Row[]): DictItem[] => rows.map(([value, labelZh, labelEn], i) => ({ value, labelZh, labelEn, sort: i + 1 }))

export const DICTS: Record<string, DictItem[]> = {
  /** identity documents (spec §3 passenger and air order document types) */
  documentType: list([
    ['idCard', '居民身份证', 'Resident ID card'],
    ['hkMacaoPass', '港澳通行证', 'Hong Kong/Macao pass'],
    ['taiwanPass', '台湾通行证', 'Taiwan travel permit'],
    ['homeReturnPermit', '港澳居民来往内地通行证（回乡证）', 'Home return permit'],
    ['taiwanCompatriotPermit', '台湾居民来往大陆通行证（台胞证）', 'Taiwan compatriot permit'],
    ['passport', '护照', 'Passport'],
    ['foreignerPermanentResidence', '外国人永久居留身份证', 'Foreigner permanent residence ID card'],
    ['hmtResidencePermit', '港澳台居民居住证', 'Hong Kong/Macao/Taiwan resident permit'],
  ]),
  /** phone country/region calling codes (spec §3 "phone number (+86)") */
  countryCode: list([
    ['+86', '中国大陆', 'Chinese mainland'],
    ['+852', '中国香港', 'Hong Kong, China'],
    ['+853', '中国澳门', 'Macao, China'],
    ['+886', '中国台湾', 'Taiwan, China'],
    ['+1', '美国/加拿大', 'United States/Canada'],
    ['+44', '英国', 'United Kingdom'],
    ['+81', '日本', 'Japan'],
    ['+82', '韩国', 'South Korea'],
    ['+65', '新加坡', 'Singapore'],
    ['+61', '澳大利亚', 'Australia'],
    ['+49', '德国', 'Germany'],
    ['+33', '法国', 'France'],
    ['+39', '意大利', 'Italy'],
    ['+34', '西班牙', 'Spain'],
    ['+7', '俄罗斯', 'Russia'],
    ['+60', '马来西亚', 'Malaysia'],
    ['+66', '泰国', 'Thailand'],
    ['+84', '越南', 'Vietnam'],
    ['+62', '印度尼西亚', 'Indonesia'],
    ['+63', '菲律宾', 'Philippines'],
    ['+91', '印度', 'India'],
    ['+64', '新西兰', 'New Zealand'],
    ['+971', '阿联酋', 'United Arab Emirates'],
  ]),
  /** spec §3 air order: male, female, confidential */
  gender: list([
    ['male', '男', 'Male'],
    ['female', '女', 'Female'],
    ['confidential', '保密', 'Confidential'],
  ]),
  /** train (adult/child/student) and air (adult/child/infant) passenger types */
  passengerType: list([
    ['adult', '成人', 'Adult'],
    ['child', '儿童', 'Child'],
    ['infant', '婴儿', 'Infant'],
    ['student', '学生', 'Student'],
  ]),
  /** registration form "nation" (ISO 3166 alpha-2); CN then asks for province, city and county (comCitys/treeList) */
  nation: list([
    ['CN', '中国', 'China'],
    ['HK', '中国香港', 'Hong Kong, China'],
    ['MO', '中国澳门', 'Macao, China'],
    ['TW', '中国台湾', 'Taiwan, China'],
    ['US', '美国', 'United States'],
    ['CA', '加拿大', 'Canada'],
    ['GB', '英国', 'United Kingdom'],
    ['JP', '日本', 'Japan'],
    ['KR', '韩国', 'South Korea'],
    ['SG', '新加坡', 'Singapore'],
    ['AU', '澳大利亚', 'Australia'],
    ['DE', '德国', 'Germany'],
    ['FR', '法国', 'France'],
    ['MY', '马来西亚', 'Malaysia'],
    ['TH', '泰国', 'Thailand'],
    ['IN', '印度', 'India'],
    ['OTHER', '其他', 'Other'],
  ]),
}

export function dictItems(dictCode: string): DictItem[] {
  return Object.prototype.hasOwnProperty.call(DICTS, dictCode) ? DICTS[dictCode] : []
}
