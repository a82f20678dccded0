/**
 * A train change's fare difference as a kind of payable of the payments core (payments/payables.ts,
 * registered in app.ts): money for a change still waiting for it sends the change to the
 * railway; money for a change that no longer waits (cancelled at its deadline, paid otherwise) is
 * answered 'late' and refunded in full by the payments core. Its refunds (a refused change, a
 * ticket refund taking part of it back) are the after-sales records'.
 */
import type { Payable } from '../../payments/payables'
import { aftersaleMoneyBack } from './aftersales'
import { changePaid } from './ticket-change'

export const trainChangePayable: Payable = {
  onPaid: (payment, { tx, now }) => changePaid(tx, payment.orderId, payment.amountFen, now),
  async onRefunded(refund, _payment, { tx, now }) {
    if (refund.status === 'success') await aftersaleMoneyBack(tx, refund.payload, now)
  },
}
