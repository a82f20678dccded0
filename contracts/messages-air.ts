/**
 * Server messages of air travel (EAIR) and of payments (EPAY, shared by every kind of order).
 * Spread into MESSAGES (contracts/messages.ts). Spec §5 air messages are EAIR11xx/12xx; a text
 * may hold {placeholders} the server fills.
 */
import type { Lang } from './messages'

export const AIR_MESSAGES = {
  // --- search ---
  EAIR1001: { zh: '未找到该城市或机场', en: 'This city or airport was not found' },
  /** {from} {to}: the bookable range of departure dates */
  EAIR1002: { zh: '请选择{from}至{to}之间的出发日期', en: 'Please choose a departure date from {from} to {to}' },
  EAIR1003: { zh: '该航班已不可预订，请重新查询', en: 'This flight can no longer be booked, please search again' },
  EAIR1004: { zh: '该舱位余票不足，请选择其他舱位或航班', en: 'Not enough seats left in this cabin, please choose another cabin or flight' },
  EAIR1005: { zh: '该舱位不存在', en: 'This cabin does not exist' },
  EAIR1006: { zh: '出发地与目的地不能相同', en: 'Departure and arrival cannot be the same' },
  // --- booking ---
  /** {total}: the new total in yuan */
  EAIR1010: {
    zh: '航空公司价格已变动，最新总价为¥{total}，请确认后重新提交',
    en: 'The airline has changed the price; the new total is ¥{total}, please check and submit again',
  },
  /** {reasons}: why the travel policy refuses */
  EAIR1011: { zh: '不符合差旅标准：{reasons}', en: 'Outside the travel policy: {reasons}' },
  // --- paying ---
  EAIR1020: { zh: '订单已超过支付时限并已取消，请重新预订', en: 'The order passed its payment deadline and was cancelled, please book again' },
  EAIR1021: { zh: '订单当前状态不能支付', en: 'This order cannot be paid in its current status' },
  EAIR1022: { zh: '本次活动不支持企业支付该订单', en: 'The company does not pay this order at this event' },
  EAIR1023: { zh: '订单已支付', en: 'This order has already been paid' },
  // --- passengers (spec §5) ---
  // after-sales (cancel, refund, change, remove)
  EAIR1030: {
    zh: '机票正在出票中，暂不能取消；出票后可申请退票',
    en: 'The tickets are being issued and the order cannot be cancelled now; once issued you can ask for a refund',
  },
  EAIR1031: { zh: '已出票的订单不能取消，请申请退票', en: 'A ticketed order cannot be cancelled; please ask for a refund instead' },
  EAIR1032: { zh: '只能删除已结束的订单', en: 'Only an ended order can be deleted' },
  EAIR1033: { zh: '订单当前状态不能退票或改签', en: 'This order cannot be refunded or changed in its current status' },
  EAIR1034: { zh: '请选择本订单的乘机人', en: 'Please select passengers of this order' },
  EAIR1035: { zh: '金额已变动，最新金额为¥{amount}，请确认后重新提交', en: 'The amount has changed; it is now ¥{amount}, please check and submit again' },
  // spec §8 "refund fee higher than fare means non-refundable"
  EAIR1036: { zh: '乘机人「{name}」的退票费高于票价，不可退票', en: 'The refund fee of "{name}" is higher than the fare: not refundable' },
  EAIR1037: { zh: '婴儿、儿童不能单独乘机，请同时为同行成人办理', en: 'Infants and children cannot fly alone; please include the adult travelling with them' },
  EAIR1038: { zh: '订单正在办理退票或改签，请等待结果', en: 'A refund or change of this order is in progress, please wait for its result' },
  EAIR1039: { zh: '请选择退票类型和原因', en: 'Refund type and reason are required' },
  EAIR1040: { zh: '乘机人「{name}」的机票不能改签', en: 'The ticket of "{name}" cannot be changed' },
  EAIR1041: { zh: '该舱位规定当前不可改签', en: 'The fare rule of this cabin allows no change now' },
  EAIR1042: { zh: '请选择新的航班', en: 'Please select a new flight' },
  EAIR1043: { zh: '没有待支付的改签', en: 'There is no change waiting for payment' },
  EAIR1044: { zh: '改签已超过支付时限并已取消，请重新申请', en: 'The change passed its payment deadline and was undone, please ask again' },
  EAIR1045: { zh: '请选择改签原因', en: 'Change type and cause are required' },
  EAIR1046: { zh: '请填写原因说明（最多{max}字）', en: 'Please describe the reason (at most {max} characters)' },
  EAIR1047: { zh: '乘机人「{name}」的舱位规定当前不可退票', en: 'The fare rule of "{name}"\'s cabin allows no refund now' },
  EAIR1048: { zh: '乘机人「{name}」的机票当前不可退票', en: 'The ticket of "{name}" cannot be refunded in its current state' },
  /** {amount}: a change to a lower fare gives back another amount than the attendee saw */
  EAIR1049: {
    zh: '退还金额已变动，最新退还金额为¥{amount}，请确认后重新提交',
    en: 'The amount back has changed; it is now ¥{amount}, please check and submit again',
  },
  EAIR1050: { zh: '航空公司未能核实非自愿原因', en: 'The airline could not verify the involuntary reason' },
  EAIR1051: { zh: '航空公司拒绝了申请', en: 'The airline refused the request' },
  EAIR1052: { zh: '改签未在时限内支付，已自动取消', en: 'The change was not paid in time and was undone' },
  EAIR1101: { zh: '请输入姓名', en: 'Please enter the name' },
  /** {name} */
  EAIR1102: { zh: '乘机人「{name}」的姓名须与证件一致', en: 'The name of "{name}" must be written as on the document' },
  /** {name} */
  EAIR1103: { zh: '请填写乘机人「{name}」正确的证件号码', en: 'Please enter a correct document number for "{name}"' },
  /** {name} */
  EAIR1104: { zh: '请填写乘机人「{name}」正确的出生日期', en: 'Please enter a correct date of birth for "{name}"' },
  /** {name} */
  EAIR1105: { zh: '乘机人「{name}」的出生日期与证件不符', en: 'The date of birth of "{name}" does not match the document' },
  /** {name} */
  EAIR1106: { zh: '婴儿「{name}」出生未满14天，不能乘机', en: '"{name}" is under 14 days old and cannot fly' },
  EAIR1107: { zh: '婴儿票、儿童票不能单独提交，须与成人同行', en: 'Infant and child tickets cannot be booked alone; an adult must travel with them' },
  EAIR1108: { zh: '每位成人最多携带一名婴儿', en: 'Each adult may take at most one infant' },
  /** {name} */
  EAIR1109: { zh: '乘机人「{name}」重复', en: '"{name}" is listed twice' },
  EAIR1110: { zh: '请编辑乘机人信息', en: 'Please edit the passenger information' },
  EAIR1111: { zh: '请至少选择一位乘机人', en: 'Please select at least one passenger' },
  /** {max} */
  EAIR1112: { zh: '每张订单最多{max}位乘机人', en: 'At most {max} passengers per order' },
  /** {name} */
  EAIR1113: { zh: '乘机人「{name}」的性别与证件不符', en: 'The sex of "{name}" does not match the document' },
  /** {name} */
  EAIR1114: { zh: '请填写乘机人「{name}」正确的手机号码', en: 'Please enter a correct mobile number for "{name}"' },
  /** {name} */
  EAIR1115: {
    zh: '「{name}」乘机当天不在14天至2周岁之间，不能购买婴儿票',
    en: '"{name}" is not between 14 days and 2 years old on the day of departure and cannot fly on an infant ticket',
  },
  /** {name} */
  EAIR1116: {
    zh: '「{name}」乘机当天不在2至12周岁之间，不能购买儿童票',
    en: '"{name}" is not between 2 and 12 years old on the day of departure and cannot fly on a child ticket',
  },
  /** {name} */
  EAIR1117: { zh: '「{name}」乘机当天未满12周岁，不能购买成人票', en: '"{name}" is under 12 on the day of departure and cannot fly on an adult ticket' },
  // --- contact (spec §5) ---
  EAIR1201: { zh: '请输入联系人姓名', en: 'Please enter the contact name' },
  EAIR1202: { zh: '请输入联系电话', en: 'Please enter the contact phone' },
  EAIR1203: { zh: '手机号码格式不正确', en: 'The phone number format is incorrect' },
  EAIR1204: { zh: '请填写正确的邮箱', en: 'Please enter a correct e-mail' },
  EAIR1205: { zh: '请阅读并同意预订协议', en: 'Please read and agree to the reservation agreement' },
  /** {max} */
  EAIR1206: { zh: '备注最多{max}个字', en: 'The remark may have at most {max} characters' },
  // --- payments (every kind of order) ---
  EPAY1001: { zh: '微信支付暂不可用，请稍后重试', en: 'WeChat Pay is not available right now, please try again later' },
  EPAY1002: { zh: '无法获取微信身份，请在微信中重新打开后支付', en: 'Your WeChat identity could not be read, please reopen in WeChat and pay' },
  EPAY1003: {
    zh: '此订单有一笔微信支付尚未关闭，暂不能由公司支付，请稍后重试',
    en: 'A WeChat payment of this order could not be closed yet, so the company cannot pay it now; please try again shortly',
  },
} as const satisfies Record<string, Record<Lang, string>>
