/** the payment UI (src/features/payment), shared by the train and air pages */
const payment = {
  payWeChat: '微信支付 {amount}',
  payAgain: '重新支付 {amount}',
  payCompany: '公司支付 {amount}',
  companyConfirmTitle: '公司支付',
  companyConfirmText: '本订单 {amount} 将由公司统一支付，确认支付吗？',
  companyConfirmOk: '确认支付',
  preparing: '正在创建支付，请稍候…',
  inCashier: '请在微信支付页面完成付款',
  confirming: '正在确认支付结果，请勿重复付款…',
  paid: '支付成功',
  cancelled: '您已取消支付，订单仍待支付，可重新支付',
  failed: '支付未完成，请重试',
  expired: '订单已超过支付时限或已取消，无法支付',
  unconfirmed: '暂未收到支付结果。如已付款，请点击“刷新支付结果”，请勿重复付款',
  checkAgain: '刷新支付结果',
  scannedPaid: '我已完成支付',
  scanTitle: '微信扫码支付 {amount}',
  scanHint: '请使用微信“扫一扫”扫描二维码完成支付，支付后本页将自动更新',
  qrLabel: '微信支付二维码',
}

export default payment
