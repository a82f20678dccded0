/**
 * Server messages of train travel and the travel policy (ETRAIN railway and train orders, ETRAVEL
 * travel policy), spread into MESSAGES (contracts/messages.ts). ETRAIN1002 (railway login timed
 * out, spec §8) is in the main catalogue because the client handles it specially.
 */
import type { Lang } from './messages'

export const TRAIN_MESSAGES = {
  // --- railway login (spec §5 "enter account and password; check the account authorization agreement") ---
  ETRAIN1001: { zh: '12306账号或密码错误', en: 'Incorrect railway account or password' },
  ETRAIN1003: { zh: '12306暂时无法响应，请稍后重试', en: 'The railway system is not answering, please try again later' },
  ETRAIN1004: { zh: '请勾选账号授权协议', en: 'Please tick the account authorisation agreement' },
  ETRAIN1005: { zh: '请输入账号和密码', en: 'Please enter the account and password' },
  // --- travellers and order input (spec §5 "Train order") ---
  ETRAIN1010: { zh: '该证件的乘客已存在', en: 'A passenger with this document already exists' },
  ETRAIN1011: { zh: '请至少选择一位乘客', en: 'Please select at least one passenger' },
  ETRAIN1012: { zh: '请输入联系人', en: 'Please enter the contact' },
  ETRAIN1013: { zh: '请勾选火车票预订协议', en: 'Please tick the train reservation agreement' },
  /** {max}: the railway's tickets per order */
  ETRAIN1014: { zh: '每个订单最多{max}位乘客', en: 'At most {max} passengers per order' },
  ETRAIN1015: { zh: '同一乘客不能重复选择', en: 'The same passenger is selected twice' },
  ETRAIN1016: { zh: '请填写与证件一致的姓名', en: 'Please enter the name as printed on the document' },
  /** {name} */
  ETRAIN1017: { zh: '乘客{name}未通过铁路身份核验，无法购票', en: 'Passenger {name} did not pass the railway identity check and cannot be booked' },
  ETRAIN1018: { zh: '请输入联系人手机号', en: 'Please enter the contact phone' },
  ETRAIN1019: { zh: '请选择乘客类型', en: 'Please choose the passenger type' },
  // --- booking ---
  ETRAIN1020: { zh: '余票不足，可以提交抢票', en: 'No tickets left: you can leave a grab request' },
  /** {name} */
  ETRAIN1021: {
    zh: '{name}可免费乘车（每位成人可携带一名），无需购票',
    en: '{name} rides free with an adult (one per adult) and needs no ticket',
  },
  /** {name} */
  ETRAIN1022: { zh: '{name}需购买成人票', en: '{name} needs an adult ticket' },
  ETRAIN1023: { zh: '儿童不能单独乘车，请同时选择一位成人乘客', en: 'Children cannot travel alone: please add an adult passenger' },
  /** {open} {close}: the ticketing hours */
  ETRAIN1024: { zh: '网上购票时间为{open}-{close}，请在该时段内提交', en: 'Online ticketing is open {open}-{close}, please submit then' },
  ETRAIN1025: { zh: '所选日期不在预售期内', en: 'The chosen date is outside the pre-sale period' },
  ETRAIN1026: { zh: '未找到该车次或所选车站不在该车次上', en: 'Train not found, or the chosen stations are not on it' },
  ETRAIN1027: { zh: '该车次即将发车或已发车，已停止网上售票', en: 'This train leaves soon or has left: online sale has stopped' },
  ETRAIN1028: { zh: '该车次没有所选席别', en: 'This train does not have the chosen seat class' },
  /** {name} */
  ETRAIN1029: { zh: '请填写{name}的身高', en: 'Please enter the height of {name}' },
  /** {breaches}: what the offer breaks */
  ETRAIN1030: { zh: '超出差旅标准，无法预订：{breaches}', en: 'Outside the travel policy, cannot be booked: {breaches}' },
  /** {breaches} */
  ETRAIN1031: { zh: '超出差旅标准，请填写超标原因：{breaches}', en: 'Outside the travel policy, please give a reason: {breaches}' },
  ETRAIN1033: { zh: '该席别不能选择此座位', en: 'This seat cannot be chosen for this seat class' },
  /** {name} */
  ETRAIN1034: { zh: '乘客{name}已购买同一车次的车票', en: 'Passenger {name} already has a ticket on this train' },
  // --- payment and ticketing ---
  ETRAIN1040: { zh: '该订单当前状态不能支付', en: 'This order cannot be paid in its current status' },
  ETRAIN1041: { zh: '该订单当前状态不能取消', en: 'This order cannot be cancelled in its current status' },
  ETRAIN1042: { zh: '订单已超过支付时限，请重新预订', en: 'The payment time has passed, please book again' },
  ETRAIN1043: { zh: '本次活动不支持企业支付', en: 'Company payment is not available for this event' },
  ETRAIN1044: { zh: '本次活动不支持个人支付', en: 'Paying yourself is not available for this event' },
  // --- grab requests ---
  ETRAIN1050: { zh: '该抢票请求当前不能取消', en: 'This grab request cannot be withdrawn now' },
  ETRAIN1051: { zh: '该车次仍有余票，请直接预订', en: 'This train still has tickets: please book directly' },
  // --- railway answers (order failureText) ---
  ETRAIN1060: { zh: '铁路系统出票失败，票款将原路退回', en: 'The railway could not issue the tickets; the payment will be refunded' },
  ETRAIN1062: { zh: '支付到账时订单已超时取消，票款将原路退回', en: 'The payment arrived after the order was cancelled; it will be refunded' },
  /** {trainNo} {date} {from} {to}: SMS to the grab request's contact */
  ETRAIN1070: {
    zh: '【参会助手】您的抢票已成功：{date} {trainNo} {from}-{to}，请在{minutes}分钟内完成支付。',
    en: '[Attendee app] Your grab request got seats: {trainNo} on {date}, {from} to {to}. Please pay within {minutes} minutes.',
  },
  /** {trainNo} {date} {from} {to} {minutes}: SMS to the contact when a grab request stops waiting without seats */
  ETRAIN1076: {
    zh: '【参会助手】您的抢票未能成功：{date} {trainNo} {from}-{to}，发车前{minutes}分钟已停止抢票，请改订其他车次。',
    en: '[Attendee app] Your grab request got no seats: {trainNo} on {date}, {from} to {to}. It stopped {minutes} minutes before departure; please book another train.',
  },
  // --- after-sales: refunds and changes ---
  ETRAIN1071: {
    zh: '【参会助手】订单{orderNo}已支付成功：{date} {trainNo} {from}-{to}，正在出票，请留意出票结果。',
    en: '[Attendee app] Order {orderNo} is paid: {trainNo} on {date}, {from} to {to}. Tickets are being issued.',
  },
  ETRAIN1072: {
    zh: '【参会助手】订单{orderNo}已退票{count}张，退款¥{amount}将原路退回{to}。',
    en: '[Attendee app] {count} ticket(s) of order {orderNo} refunded; ¥{amount} goes back to {to}.',
  },
  ETRAIN1073: {
    zh: '【参会助手】订单{orderNo}改签成功：{date} {trainNo} {from}-{to}，{seats}。',
    en: '[Attendee app] Order {orderNo} changed: {trainNo} on {date}, {from} to {to}, {seats}.',
  },
  ETRAIN1074: { zh: '企业账户', en: 'the company account' },
  ETRAIN1075: { zh: '微信支付账户', en: 'your WeChat Pay account' },
  ETRAIN1080: { zh: '该订单正在办理退票或改签，请稍后再试', en: 'A refund or change of this order is under way, please try again later' },
  /** {minutes} */
  ETRAIN1081: {
    zh: '已过网上退票时间（开车前{minutes}分钟），请到车站办理',
    en: 'Online refund closes {minutes} minutes before departure; please go to a station',
  },
  ETRAIN1082: { zh: '已取纸质车票，请到车站办理退票', en: 'A paper ticket was taken: please refund it at a station' },
  ETRAIN1083: { zh: '请选择同一车次的车票一起办理', en: 'Please choose tickets of the same train' },
  ETRAIN1084: { zh: '所选车票当前状态不能退票', en: 'The chosen ticket cannot be refunded in its current state' },
  ETRAIN1085: { zh: '开车后改签的车票不能退票', en: 'A ticket changed after departure cannot be refunded' },
  ETRAIN1086: { zh: '退票费不低于票价，该车票不可退', en: 'The refund fee is not lower than the fare: this ticket cannot be refunded' },
  ETRAIN1087: { zh: '网上只能办理自愿退票', en: 'Only a voluntary refund can be requested online' },
  ETRAIN1088: { zh: '退票费已变化，请确认新的退款金额', en: 'The refund fee has changed: please confirm the new amount' },
  ETRAIN1089: { zh: '只有已结束的订单可以删除', en: 'Only an ended order can be removed' },
  ETRAIN1090: { zh: '每张车票只能改签一次', en: 'A ticket can be changed only once' },
  ETRAIN1091: { zh: '变更到站后的车票不能再改签', en: 'A ticket whose destination was changed cannot be changed again' },
  /** {open} {close} */
  ETRAIN1092: { zh: '网上改签时间为{open}-{close}', en: 'Online change is open {open}-{close}' },
  ETRAIN1093: { zh: '儿童票不能单独改签，请与同行成人一起改签', en: 'A child ticket cannot be changed alone: change it with its adult' },
  ETRAIN1094: { zh: '该车次已发车或即将发车，不能网上改签', en: 'The train has left or leaves soon: it cannot be changed online' },
  ETRAIN1095: { zh: '所选车票当前状态不能改签', en: 'The chosen ticket cannot be changed in its current state' },
  ETRAIN1096: { zh: '票价差额已变化，请重新选择', en: 'The fare difference has changed, please choose again' },
  ETRAIN1097: { zh: '变更到站须选择与原到站不同的车站', en: 'A change of destination needs an arrival station other than the old one' },
  ETRAIN1098: { zh: '请填写原因', en: 'Please enter the reason' },
  ETRAIN1099: { zh: '请选择要办理的乘客', en: 'Please choose the passengers' },
  ETRAIN1100: { zh: '铁路系统退票失败，车票保持不变', en: 'The railway could not refund the tickets; they stay as they were' },
  ETRAIN1101: {
    zh: '铁路系统改签失败，车票保持不变，已付差额将原路退回',
    en: 'The railway could not change the tickets; they stay as they were and any difference paid is refunded',
  },
  ETRAIN1102: { zh: '改签未在时限内支付，已取消', en: 'The change was not paid in time and has been cancelled' },
  ETRAIN1103: {
    zh: '所选车次不符合改签方式：改签须在原出发和到达城市之间，变更到站须从原出发站上车',
    en: 'The chosen train does not fit this change: a change keeps the trip’s cities, a change of destination keeps the boarding station',
  },
  // --- travel policy ---
  ETRAVEL1001: { zh: '本次活动未开放该差旅产品', en: 'This travel product is not open for this event' },
  /** {seat} {trainType} {allowed} */
  ETRAVEL1101: { zh: '{trainType}字头车次可订{allowed}，{seat}超标', en: '{trainType} trains: {allowed} allowed, {seat} is outside the policy' },
  /** {cabin} {allowed} */
  ETRAVEL1102: { zh: '可订舱位：{allowed}，{cabin}超标', en: 'Cabins allowed: {allowed}; {cabin} is outside the policy' },
  /** {discount} {max}: percent */
  ETRAVEL1103: { zh: '折扣{discount}%超过上限{max}%', en: 'Discount level {discount}% is above the cap of {max}%' },
  /** {price} {max}: yuan */
  ETRAVEL1104: { zh: '票价¥{price}超过上限¥{max}', en: 'Fare ¥{price} is above the cap of ¥{max}' },
  /** {cities} */
  ETRAVEL1105: { zh: '行程须在以下城市之间：{cities}', en: 'Trips must start and end in: {cities}' },
  ETRAVEL1106: { zh: '无', en: 'none' },
} as const satisfies Record<string, Record<Lang, string>>

/** names of seat classes and cabins in server texts (policy breaches, SMS) */
export const SEAT_TYPE_NAMES = {
  business: { zh: '商务座', en: 'business class' },
  first: { zh: '一等座', en: 'first class' },
  second: { zh: '二等座', en: 'second class' },
  softSleeper: { zh: '软卧', en: 'soft sleeper' },
  hardSleeper: { zh: '硬卧', en: 'hard sleeper' },
  hardSeat: { zh: '硬座', en: 'hard seat' },
  noSeat: { zh: '无座', en: 'standing' },
} as const satisfies Record<string, Record<Lang, string>>

export const CABIN_CLASS_NAMES = {
  economy: { zh: '经济舱', en: 'economy' },
  premiumEconomy: { zh: '超级经济舱', en: 'premium economy' },
  business: { zh: '公务舱', en: 'business' },
  first: { zh: '头等舱', en: 'first' },
} as const satisfies Record<string, Record<Lang, string>>
