import type trainSharedZhCN from './train-shared.zh-CN'

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> }

/** The train texts the main package shows, English: the same keys as train-shared.zh-CN.ts. */
const trainSharedEn: Catalogue<typeof trainSharedZhCN> = {
  common: {
    yuan: '¥{amount}',
    loadFailed: 'Could not load',
    empty: 'Nothing here yet',
    origin: 'Start',
    terminus: 'End',
    passing: 'Via',
    left: '{n} left',
    many: 'Available',
    soldOut: 'Sold out',
    today: 'Today',
    tomorrow: 'Tomorrow',
  },
  city: {
    searchPlaceholder: 'City, station or pinyin',
    hot: 'Popular cities',
    current: 'Selected',
    noMatch: 'No matching station',
    allStations: 'All stations',
    limited: "This event's travel is limited to trips from or to these cities",
    cityStations: '{city} ({n} stations)',
  },
  notice: {
    buyTitle: 'Buying tickets',
    buy: "Book with each passenger's own valid identity document, at most 5 passengers per order. Pay within {minutes} minutes of submitting, or the order is canceled. Online sales hours are {opens}-{closes}.",
    childTitle: 'Children',
    childHeight:
      'A child under 1.2 m rides free with an adult (one per adult) and shares the seat; from 1.2 m to 1.5 m a child ticket is needed; above 1.5 m an adult ticket. Children cannot travel alone.',
    childAge:
      'A child under 6 rides free with an adult (one per adult) and shares the seat; from 6 to under 14 a child ticket is needed; from 14 an adult ticket. Age is on the travel date, from the document. Children cannot travel alone.',
    changeTitle: 'Changes',
    change:
      'Each ticket can be changed once; no change after a change of destination; a child ticket cannot be changed alone. Tickets changed before departure can be refunded, those changed after departure cannot.',
    refundTitle: 'Refunds',
    refund:
      'Before departure, and if no paper ticket was taken, tickets can be refunded online; the fee depends on how long before departure. The money reaches the original account in 1-7 working days.',
    pickupTitle: 'Picking up tickets',
    pickup: 'Pick up with the original document at a station machine or window; an agent or window charges 5 yuan per ticket.',
  },
}

export default trainSharedEn
