import type trainListZhCN from './train-list.zh-CN'

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> }

/** The train results page's texts, English (see train-list.zh-CN.ts). */
const trainListEn: Catalogue<typeof trainListZhCN> = {
  trainType: { G: 'High-speed', D: 'EMU', C: 'Intercity', Z: 'Direct', T: 'Express', K: 'Fast' },
  seat: {
    business: 'Business',
    first: 'First class',
    second: 'Second class',
    softSleeper: 'Soft sleeper',
    hardSleeper: 'Hard sleeper',
    hardSeat: 'Hard seat',
    noSeat: 'Standing',
  },
  weekday: { d0: 'Sun', d1: 'Mon', d2: 'Tue', d3: 'Wed', d4: 'Thu', d5: 'Fri', d6: 'Sat' },
  list: {
    prevDay: 'Previous day',
    nextDay: 'Next day',
    noTrains: 'No trains meeting the conditions',
    clearFilters: 'Clear filters',
    soldOutTip: 'No tickets left on this train: you can leave a grab request',
    grab: 'Grab',
    book: 'Book',
    notBookable: 'Closed',
    filter: 'Filter',
    sort: 'Sort',
    count: '{n} trains',
    sortBy: {
      departEarly: 'Earliest',
      departLate: 'Latest',
      durationShort: 'Shortest',
      priceLow: 'Cheapest',
    },
    window: {
      '0-6': '00:00-06:00',
      '6-12': '06:00-12:00',
      '12-18': '12:00-18:00',
      '18-24': '18:00-24:00',
    },
    filterTrainType: 'Train type',
    filterDepart: 'Departure time',
    filterFrom: 'From station',
    filterTo: 'To station',
    filterSeat: 'Seat type',
    availableOnly: 'With tickets only',
    reset: 'Reset',
    apply: 'Apply',
    outsidePolicy: 'Over policy',
  },
  home: {
    dateFormat: 'D MMM',
  },
}

export default trainListEn
