/**
 * WeChat subscription messages (订阅消息, docs/wechat.md "Subscription messages"): the notices an
 * attendee may subscribe to, the moment each is asked, the WeChat template each is sent with and
 * that template's fields. Data only: the client asks with the template ids of a moment
 * (wx.requestSubscribeMessage, at most 3 per call), the server sends a notice through its fields.
 *
 * The template ids are the mini-program's own (微信公众平台 → 订阅消息 → 我的模板). The demo ids
 * below serve the sandbox; a deployment sets its own as `kind=id,kind=id` in
 * `WX_SUBSCRIBE_TEMPLATES` (server) and `TARO_APP_WX_SUBSCRIBE_TEMPLATES` (client build) alike.
 */

export const NOTICE_KINDS = ['ticketIssued', 'ticketingFailed', 'changeResult', 'refundResult'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

/** when the client asks: submitting a booking, a change, a refund */
export const SUBSCRIBE_MOMENTS = ['booking', 'change', 'refund'] as const
export type SubscribeMoment = (typeof SUBSCRIBE_MOMENTS)[number]

/** the kinds of order a subscription belongs to */
export const SUBSCRIBE_ORDER_KINDS = ['train', 'flight'] as const
export type SubscribeOrderKind = (typeof SUBSCRIBE_ORDER_KINDS)[number]

/** WeChat takes at most this many template ids in one requestSubscribeMessage */
export const MAX_TEMPLATES_PER_ASK = 3

/**
 * WeChat's value types of template fields (the key's letters: thing1, time2 …) and what each
 * accepts; a value that does not fit is refused (errcode 47003), so values are fitted first
 * (server/src/wechat/rules/notice-fields.ts).
 */
export type FieldType = 'thing' | 'character_string' | 'time' | 'amount' | 'phrase' | 'name' | 'number'

/** the words a notice carries, in the attendee's language; each template field shows one */
export interface NoticeValues {
  /** train or flight and its stations / airports: "G1 北京南-上海虹桥" */
  trip: string
  /** departure, China time "2026-12-01 08:00" */
  departAt: string
  orderNo: string
  /** the passengers (and seats, when issued) */
  passengers: string
  /** the result in words: "出票成功", "Refund done" */
  result: string
  /** money back or paid, in fen */
  amountFen: number
}

export interface TemplateField {
  /** WeChat's field key in the template: type + number */
  key: string
  type: FieldType
  value: keyof NoticeValues
}

export interface NoticeTemplate {
  kind: NoticeKind
  /** the moment it is asked */
  moment: SubscribeMoment
  /** the demo template id (sandbox); overridden per deployment */
  demoTemplateId: string
  fields: TemplateField[]
  /** the mini-program page the message opens (the order) */
  page: 'order'
}

const f = (key: string, value: keyof NoticeValues): TemplateField => ({ key, type: key.replace(/\d+$/, '') as FieldType, value })

export const NOTICE_TEMPLATES: Record<NoticeKind, NoticeTemplate> = {
  ticketIssued: {
    kind: 'ticketIssued',
    moment: 'booking',
    demoTemplateId: 'DemoTicketIssued0000000000000000000000000000',
    fields: [f('thing1', 'trip'), f('time2', 'departAt'), f('character_string3', 'orderNo'), f('thing4', 'passengers'), f('thing5', 'result')],
    page: 'order',
  },
  ticketingFailed: {
    kind: 'ticketingFailed',
    moment: 'booking',
    demoTemplateId: 'DemoTicketingFailed00000000000000000000000000',
    fields: [f('thing1', 'trip'), f('character_string2', 'orderNo'), f('thing3', 'result'), f('amount4', 'amountFen')],
    page: 'order',
  },
  changeResult: {
    kind: 'changeResult',
    moment: 'change',
    demoTemplateId: 'DemoChangeResult000000000000000000000000000',
    fields: [f('thing1', 'trip'), f('time2', 'departAt'), f('character_string3', 'orderNo'), f('thing4', 'result')],
    page: 'order',
  },
  refundResult: {
    kind: 'refundResult',
    moment: 'refund',
    demoTemplateId: 'DemoRefundResult000000000000000000000000000',
    fields: [f('thing1', 'trip'), f('character_string2', 'orderNo'), f('thing3', 'result'), f('amount4', 'amountFen')],
    page: 'order',
  },
}

export type TemplateIds = Record<NoticeKind, string>

export const DEMO_TEMPLATE_IDS = Object.fromEntries(NOTICE_KINDS.map((k) => [k, NOTICE_TEMPLATES[k].demoTemplateId])) as TemplateIds

/**
 * The template ids from a setting `ticketIssued=…,changeResult=…` (kinds not named keep their
 * demo id); undefined or '' → the demo ids. Throws on a kind it does not know or an empty id.
 */
export function templateIdsFrom(setting: string | undefined): TemplateIds {
  const ids: TemplateIds = { ...DEMO_TEMPLATE_IDS }
  for (const part of (setting ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [kind, id] = part.split('=').map((s) => s.trim())
    if (!(NOTICE_KINDS as readonly string[]).includes(kind) || !id) throw new Error(`not kind=templateId: "${part}" (kinds: ${NOTICE_KINDS.join(', ')})`)
    ids[kind as NoticeKind] = id
  }
  return ids
}

/** the kinds asked at a moment, in the table's order */
export const kindsAt = (moment: SubscribeMoment): NoticeKind[] => NOTICE_KINDS.filter((k) => NOTICE_TEMPLATES[k].moment === moment)

/** the template ids asked at a moment (never more than WeChat takes in one ask) */
export const templateIdsAt = (moment: SubscribeMoment, ids: TemplateIds): string[] =>
  kindsAt(moment)
    .map((k) => ids[k])
    .slice(0, MAX_TEMPLATES_PER_ASK)
