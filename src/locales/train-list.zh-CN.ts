/**
 * The train texts the results page shows (trainType, seat, weekday, list and the date format of
 * the date pill), Chinese: registered by src/features/train/i18n-list.ts, which the results page's
 * modules import, so that page's chunk carries these and not every train text (the H5
 * first load of the results page has a size budget). The rest: train.zh-CN.ts (src/features/train/i18n.ts
 * registers both).
 */
const trainListZhCN = {
  trainType: { G: '高铁', D: '动车', C: '城际', Z: '直达', T: '特快', K: '快速' },
  seat: {
    business: '商务座',
    first: '一等座',
    second: '二等座',
    softSleeper: '软卧',
    hardSleeper: '硬卧',
    hardSeat: '硬座',
    noSeat: '无座',
  },
  weekday: { d0: '周日', d1: '周一', d2: '周二', d3: '周三', d4: '周四', d5: '周五', d6: '周六' },
  list: {
    prevDay: '前一天',
    nextDay: '后一天',
    noTrains: '没有符合条件的车次',
    clearFilters: '清除筛选',
    soldOutTip: '该车次已无余票，可以抢票',
    grab: '抢票',
    book: '预订',
    notBookable: '已停售',
    filter: '筛选',
    sort: '排序',
    count: '共{n}趟车次',
    sortBy: {
      departEarly: '出发早→晚',
      departLate: '出发晚→早',
      durationShort: '耗时短→长',
      priceLow: '价格低→高',
    },
    window: {
      '0-6': '00:00-06:00',
      '6-12': '06:00-12:00',
      '12-18': '12:00-18:00',
      '18-24': '18:00-24:00',
    },
    filterTrainType: '车型',
    filterDepart: '出发时段',
    filterFrom: '出发车站',
    filterTo: '到达车站',
    filterSeat: '席别',
    availableOnly: '只看有票',
    reset: '重置',
    apply: '确定',
    outsidePolicy: '超标',
  },
  home: {
    dateFormat: 'M月D日',
  },
}

export default trainListZhCN
