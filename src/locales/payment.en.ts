import type payment from './payment.zh-CN'

/** the payment UI (src/features/payment), shared by the train and air pages */
const en: { [K in keyof typeof payment]: string } = {
  payWeChat: 'Pay {amount} with WeChat Pay',
  payAgain: 'Pay {amount} again',
  payCompany: 'Company pays {amount}',
  companyConfirmTitle: 'Company payment',
  companyConfirmText: 'The company will pay {amount} for this order. Confirm?',
  companyConfirmOk: 'Confirm',
  preparing: 'Setting up the payment…',
  inCashier: 'Complete the payment in WeChat Pay',
  confirming: 'Confirming your payment. Please do not pay again…',
  paid: 'Payment successful',
  cancelled: 'Payment cancelled. The order is still unpaid; you can pay again',
  failed: 'The payment did not go through. Please try again',
  expired: 'The order is past its payment deadline or was cancelled and can no longer be paid',
  unconfirmed: 'No payment result yet. If you have paid, tap "Refresh payment status"; do not pay again',
  checkAgain: 'Refresh payment status',
  scannedPaid: 'I have paid',
  scanTitle: 'Scan to pay {amount} with WeChat',
  scanHint: 'Open WeChat, tap Scan and scan this code to pay. This page updates by itself once paid',
  qrLabel: 'WeChat Pay QR code',
}

export default en
