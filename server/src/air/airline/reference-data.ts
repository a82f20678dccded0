/**
 * Real airports and airlines for the airline sandbox (no network at run time). Compiled by hand
 * from the airports' and airlines' own published names (Chinese and English) and their IATA
 * codes; coordinates rounded to 0.01° from the airports' published positions (they only set
 * flight lengths); airline ticket prefixes are the airlines' IATA accounting codes. No npm package
 * carries Chinese names for these, which the app needs.
 */
import { pinyin } from 'pinyin-pro'

export interface AirportRecord {
  code: string
  nameZh: string
  nameEn: string
  cityCode: string
  cityZh: string
  cityEn: string
  cityPinyin: string
  /** initials of the city's and the airport's Chinese names in pinyin ('bj', 'shpdgjjc'): "bj" finds Beijing */
  cityInitials: string
  nameInitials: string
  countryCode: 'CN' | 'HK' | 'MO' | 'TW'
  lat: number
  lon: number
  terminals: string[]
  /** a busy airport: more flights, shown among hot cities */
  hot: boolean
}

type Row = [
  code: string,
  cityCode: string,
  cityZh: string,
  cityEn: string,
  pinyin: string,
  nameZh: string,
  nameEn: string,
  lat: number,
  lon: number,
  terminals: string,
  hot?: 1,
  country?: 'HK' | 'MO' | 'TW',
]

const ROWS: Row[] = [
  ['PEK', 'BJS', '北京', 'Beijing', 'beijing', '北京首都国际机场', 'Beijing Capital International Airport', 40.08, 116.58, 'T2,T3', 1],
  ['PKX', 'BJS', '北京', 'Beijing', 'beijing', '北京大兴国际机场', 'Beijing Daxing International Airport', 39.51, 116.41, '', 1],
  ['PVG', 'SHA', '上海', 'Shanghai', 'shanghai', '上海浦东国际机场', 'Shanghai Pudong International Airport', 31.14, 121.81, 'T1,T2', 1],
  ['SHA', 'SHA', '上海', 'Shanghai', 'shanghai', '上海虹桥国际机场', 'Shanghai Hongqiao International Airport', 31.2, 121.34, 'T1,T2', 1],
  ['CAN', 'CAN', '广州', 'Guangzhou', 'guangzhou', '广州白云国际机场', 'Guangzhou Baiyun International Airport', 23.39, 113.3, 'T1,T2', 1],
  ['SZX', 'SZX', '深圳', 'Shenzhen', 'shenzhen', '深圳宝安国际机场', "Shenzhen Bao'an International Airport", 22.64, 113.81, 'T3', 1],
  ['CTU', 'CTU', '成都', 'Chengdu', 'chengdu', '成都双流国际机场', 'Chengdu Shuangliu International Airport', 30.58, 103.95, 'T1,T2', 1],
  ['TFU', 'CTU', '成都', 'Chengdu', 'chengdu', '成都天府国际机场', 'Chengdu Tianfu International Airport', 30.32, 104.44, 'T1,T2', 1],
  ['CKG', 'CKG', '重庆', 'Chongqing', 'chongqing', '重庆江北国际机场', 'Chongqing Jiangbei International Airport', 29.72, 106.64, 'T2,T3', 1],
  ['KMG', 'KMG', '昆明', 'Kunming', 'kunming', '昆明长水国际机场', 'Kunming Changshui International Airport', 25.1, 102.93, '', 1],
  ['XIY', 'SIA', '西安', "Xi'an", 'xian', '西安咸阳国际机场', "Xi'an Xianyang International Airport", 34.45, 108.75, 'T2,T3,T5', 1],
  ['HGH', 'HGH', '杭州', 'Hangzhou', 'hangzhou', '杭州萧山国际机场', 'Hangzhou Xiaoshan International Airport', 30.23, 120.43, 'T3,T4', 1],
  ['NKG', 'NKG', '南京', 'Nanjing', 'nanjing', '南京禄口国际机场', 'Nanjing Lukou International Airport', 31.74, 118.86, 'T1,T2'],
  ['WUH', 'WUH', '武汉', 'Wuhan', 'wuhan', '武汉天河国际机场', 'Wuhan Tianhe International Airport', 30.78, 114.21, 'T3', 1],
  ['CSX', 'CSX', '长沙', 'Changsha', 'changsha', '长沙黄花国际机场', 'Changsha Huanghua International Airport', 28.19, 113.22, 'T2'],
  ['XMN', 'XMN', '厦门', 'Xiamen', 'xiamen', '厦门高崎国际机场', 'Xiamen Gaoqi International Airport', 24.54, 118.13, 'T3,T4', 1],
  ['TAO', 'TAO', '青岛', 'Qingdao', 'qingdao', '青岛胶东国际机场', 'Qingdao Jiaodong International Airport', 36.36, 120.09, ''],
  ['DLC', 'DLC', '大连', 'Dalian', 'dalian', '大连周水子国际机场', 'Dalian Zhoushuizi International Airport', 38.97, 121.54, ''],
  ['SHE', 'SHE', '沈阳', 'Shenyang', 'shenyang', '沈阳桃仙国际机场', 'Shenyang Taoxian International Airport', 41.64, 123.48, 'T3'],
  ['HRB', 'HRB', '哈尔滨', 'Harbin', 'haerbin', '哈尔滨太平国际机场', 'Harbin Taiping International Airport', 45.62, 126.25, 'T2'],
  ['TSN', 'TSN', '天津', 'Tianjin', 'tianjin', '天津滨海国际机场', 'Tianjin Binhai International Airport', 39.12, 117.35, 'T1,T2'],
  ['CGO', 'CGO', '郑州', 'Zhengzhou', 'zhengzhou', '郑州新郑国际机场', 'Zhengzhou Xinzheng International Airport', 34.52, 113.84, 'T2'],
  ['TNA', 'TNA', '济南', 'Jinan', 'jinan', '济南遥墙国际机场', 'Jinan Yaoqiang International Airport', 36.86, 117.22, ''],
  ['HAK', 'HAK', '海口', 'Haikou', 'haikou', '海口美兰国际机场', 'Haikou Meilan International Airport', 19.93, 110.46, 'T1,T2'],
  ['SYX', 'SYX', '三亚', 'Sanya', 'sanya', '三亚凤凰国际机场', 'Sanya Phoenix International Airport', 18.3, 109.41, 'T1,T2', 1],
  ['URC', 'URC', '乌鲁木齐', 'Urumqi', 'wulumuqi', '乌鲁木齐地窝堡国际机场', 'Urumqi Diwopu International Airport', 43.91, 87.47, 'T3'],
  ['LHW', 'LHW', '兰州', 'Lanzhou', 'lanzhou', '兰州中川国际机场', 'Lanzhou Zhongchuan International Airport', 36.52, 103.62, 'T2'],
  ['KWE', 'KWE', '贵阳', 'Guiyang', 'guiyang', '贵阳龙洞堡国际机场', 'Guiyang Longdongbao International Airport', 26.54, 106.8, 'T2'],
  ['NNG', 'NNG', '南宁', 'Nanning', 'nanning', '南宁吴圩国际机场', 'Nanning Wuxu International Airport', 22.61, 108.17, 'T2'],
  ['FOC', 'FOC', '福州', 'Fuzhou', 'fuzhou', '福州长乐国际机场', 'Fuzhou Changle International Airport', 25.93, 119.66, ''],
  ['HFE', 'HFE', '合肥', 'Hefei', 'hefei', '合肥新桥国际机场', 'Hefei Xinqiao International Airport', 31.99, 116.98, ''],
  ['KHN', 'KHN', '南昌', 'Nanchang', 'nanchang', '南昌昌北国际机场', 'Nanchang Changbei International Airport', 28.86, 115.9, 'T2'],
  ['TYN', 'TYN', '太原', 'Taiyuan', 'taiyuan', '太原武宿国际机场', 'Taiyuan Wusu International Airport', 37.75, 112.63, 'T2'],
  ['SJW', 'SJW', '石家庄', 'Shijiazhuang', 'shijiazhuang', '石家庄正定国际机场', 'Shijiazhuang Zhengding International Airport', 38.28, 114.7, 'T2'],
  ['CGQ', 'CGQ', '长春', 'Changchun', 'changchun', '长春龙嘉国际机场', 'Changchun Longjia International Airport', 43.99, 125.69, 'T2'],
  ['HET', 'HET', '呼和浩特', 'Hohhot', 'huhehaote', '呼和浩特白塔国际机场', 'Hohhot Baita International Airport', 40.85, 111.82, ''],
  ['INC', 'INC', '银川', 'Yinchuan', 'yinchuan', '银川河东国际机场', 'Yinchuan Hedong International Airport', 38.32, 106.39, 'T3'],
  ['XNN', 'XNN', '西宁', 'Xining', 'xining', '西宁曹家堡国际机场', 'Xining Caojiabao International Airport', 36.53, 102.04, ''],
  ['LXA', 'LXA', '拉萨', 'Lhasa', 'lasa', '拉萨贡嘎国际机场', 'Lhasa Gonggar International Airport', 29.3, 90.91, 'T3'],
  ['NGB', 'NGB', '宁波', 'Ningbo', 'ningbo', '宁波栎社国际机场', 'Ningbo Lishe International Airport', 29.83, 121.46, 'T2'],
  ['WNZ', 'WNZ', '温州', 'Wenzhou', 'wenzhou', '温州龙湾国际机场', 'Wenzhou Longwan International Airport', 27.91, 120.85, 'T2'],
  ['ZUH', 'ZUH', '珠海', 'Zhuhai', 'zhuhai', '珠海金湾机场', 'Zhuhai Jinwan Airport', 22.01, 113.38, ''],
  ['KWL', 'KWL', '桂林', 'Guilin', 'guilin', '桂林两江国际机场', 'Guilin Liangjiang International Airport', 25.22, 110.04, 'T2'],
  ['LJG', 'LJG', '丽江', 'Lijiang', 'lijiang', '丽江三义国际机场', 'Lijiang Sanyi International Airport', 26.68, 100.25, ''],
  ['WUX', 'WUX', '无锡', 'Wuxi', 'wuxi', '苏南硕放国际机场', 'Sunan Shuofang International Airport', 31.49, 120.43, ''],
  ['YNT', 'YNT', '烟台', 'Yantai', 'yantai', '烟台蓬莱国际机场', 'Yantai Penglai International Airport', 37.66, 120.99, ''],
  ['HKG', 'HKG', '香港', 'Hong Kong', 'xianggang', '香港国际机场', 'Hong Kong International Airport', 22.31, 113.92, 'T1', 1, 'HK'],
  ['MFM', 'MFM', '澳门', 'Macau', 'aomen', '澳门国际机场', 'Macau International Airport', 22.15, 113.59, '', undefined, 'MO'],
  ['TPE', 'TPE', '台北', 'Taipei', 'taibei', '台湾桃园国际机场', 'Taiwan Taoyuan International Airport', 25.08, 121.23, 'T1,T2', undefined, 'TW'],
]

/**
 * The pinyin initials of a Chinese name, by pinyin-pro (which reads polyphones in context: 重庆 cq).
 * The rows' full pinyin cannot give them: 'xian' is xi'an (西安, xa), not xian. Once, as the table loads.
 */
const initialsOf = (zh: string): string => pinyin(zh, { pattern: 'first', toneType: 'none', type: 'array' }).join('').toLowerCase()

export const AIRPORTS: AirportRecord[] = ROWS.map(([code, cityCode, cityZh, cityEn, cityPinyin, nameZh, nameEn, lat, lon, terminals, hot, country]) => ({
  code,
  cityCode,
  cityZh,
  cityEn,
  cityPinyin,
  cityInitials: initialsOf(cityZh),
  nameInitials: initialsOf(nameZh),
  nameZh,
  nameEn,
  lat,
  lon,
  terminals: terminals ? terminals.split(',') : [],
  hot: hot === 1,
  countryCode: country ?? 'CN',
}))

export interface AirlineRecord {
  code: string
  nameZh: string
  nameEn: string
  /** IATA accounting code: the first three digits of its ticket numbers */
  ticketPrefix: string
  /** airports it flies from most (its bases) */
  bases: string[]
  /** a low-cost carrier: no free checked baggage */
  lowCost: boolean
}

export const AIRLINES: AirlineRecord[] = [
  { code: 'CA', nameZh: '中国国际航空', nameEn: 'Air China', ticketPrefix: '999', bases: ['PEK', 'CTU', 'TFU', 'HGH', 'CKG'], lowCost: false },
  {
    code: 'MU',
    nameZh: '中国东方航空',
    nameEn: 'China Eastern Airlines',
    ticketPrefix: '781',
    bases: ['PVG', 'SHA', 'KMG', 'XIY', 'PKX', 'NKG', 'WUH'],
    lowCost: false,
  },
  {
    code: 'CZ',
    nameZh: '中国南方航空',
    nameEn: 'China Southern Airlines',
    ticketPrefix: '784',
    bases: ['CAN', 'SZX', 'PKX', 'URC', 'SHE', 'CGO', 'CSX'],
    lowCost: false,
  },
  { code: 'HU', nameZh: '海南航空', nameEn: 'Hainan Airlines', ticketPrefix: '880', bases: ['HAK', 'PEK', 'SYX', 'TYN'], lowCost: false },
  { code: '3U', nameZh: '四川航空', nameEn: 'Sichuan Airlines', ticketPrefix: '876', bases: ['CTU', 'TFU', 'CKG', 'KMG'], lowCost: false },
  { code: 'ZH', nameZh: '深圳航空', nameEn: 'Shenzhen Airlines', ticketPrefix: '479', bases: ['SZX', 'NNG'], lowCost: false },
  { code: 'FM', nameZh: '上海航空', nameEn: 'Shanghai Airlines', ticketPrefix: '774', bases: ['SHA', 'PVG'], lowCost: false },
  { code: 'MF', nameZh: '厦门航空', nameEn: 'Xiamen Airlines', ticketPrefix: '731', bases: ['XMN', 'FOC', 'HGH'], lowCost: false },
  { code: 'HO', nameZh: '吉祥航空', nameEn: 'Juneyao Air', ticketPrefix: '018', bases: ['SHA', 'PVG', 'NKG'], lowCost: false },
  { code: '9C', nameZh: '春秋航空', nameEn: 'Spring Airlines', ticketPrefix: '089', bases: ['SHA', 'PVG', 'SJW'], lowCost: true },
  { code: 'SC', nameZh: '山东航空', nameEn: 'Shandong Airlines', ticketPrefix: '324', bases: ['TNA', 'TAO', 'YNT'], lowCost: false },
  { code: 'KN', nameZh: '中国联合航空', nameEn: 'China United Airlines', ticketPrefix: '822', bases: ['PKX'], lowCost: false },
  { code: 'GS', nameZh: '天津航空', nameEn: 'Tianjin Airlines', ticketPrefix: '826', bases: ['TSN'], lowCost: false },
  { code: 'JD', nameZh: '首都航空', nameEn: 'Beijing Capital Airlines', ticketPrefix: '898', bases: ['PKX', 'HGH'], lowCost: false },
  { code: 'CX', nameZh: '国泰航空', nameEn: 'Cathay Pacific', ticketPrefix: '160', bases: ['HKG'], lowCost: false },
  { code: 'NX', nameZh: '澳门航空', nameEn: 'Air Macau', ticketPrefix: '675', bases: ['MFM'], lowCost: false },
  { code: 'CI', nameZh: '中华航空', nameEn: 'China Airlines', ticketPrefix: '297', bases: ['TPE'], lowCost: false },
]

export const airportByCode = new Map(AIRPORTS.map((a) => [a.code, a]))
export const airlineByCode = new Map(AIRLINES.map((a) => [a.code, a]))

/** great-circle distance in km */
export function distanceKm(a: AirportRecord, b: AirportRecord): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)))
}
