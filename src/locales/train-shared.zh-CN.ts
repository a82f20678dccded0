/**
 * The train texts the main package shows (the station picker of /components/chooseCity and the
 * reservation notice of /components/noticeOfReservation), Chinese. The rest of the train texts
 * (train.zh-CN.ts) load with the train subpackage: src/features/train/i18n.ts.
 */
const trainSharedZhCN = {
  common: {
    yuan: '¥{amount}',
    loadFailed: '加载失败',
    empty: '暂无数据',
    origin: '始',
    terminus: '终',
    passing: '过',
    left: '{n}张',
    many: '有票',
    soldOut: '无票',
    today: '今天',
    tomorrow: '明天',
  },
  city: {
    searchPlaceholder: '输入城市、车站名或拼音',
    hot: '热门城市',
    current: '当前选择',
    noMatch: '没有找到匹配的车站',
    allStations: '全部车站',
    limited: '本次会议差旅仅限以下城市出发或到达',
    cityStations: '{city}（{n}个车站）',
  },
  notice: {
    buyTitle: '购票须知',
    buy: '请使用乘车人本人有效身份证件购票，一个订单最多5位乘车人。提交订单后请在{minutes}分钟内完成支付，超时订单自动取消。网上售票时间为{opens}-{closes}。',
    childTitle: '儿童购票',
    childHeight:
      '身高不足1.2米的儿童可由成人携带免费乘车（每位成人限一名）并与成人共用席位；身高1.2米至1.5米的儿童须购买儿童票；超过1.5米须购买全价票。儿童不能单独乘车。',
    childAge:
      '未满6周岁的儿童可由成人携带免费乘车（每位成人限一名）并与成人共用席位；6周岁至未满14周岁的儿童须购买儿童票；年满14周岁须购买全价票。年龄按乘车日计算，依据证件确定。儿童不能单独乘车。',
    changeTitle: '改签',
    change: '每张车票只能改签一次，变更到站后不能再改签；儿童票不能单独改签。开车前改签的车票可以退票，开车后改签的不能退票。',
    refundTitle: '退票',
    refund: '开车前且未取纸质车票的，可在线退票，退票费按距开车时间分档收取。退款1-7个工作日退回原支付账户。',
    pickupTitle: '取票',
    pickup: '凭购票证件原件在车站自助机或窗口取票，代售点或窗口取票每张收取5元手续费。',
  },
}

export default trainSharedZhCN
