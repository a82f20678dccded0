import { useCallback, useRef, useState } from 'react'
import { confirm } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { t } from '@/lib/i18n'

/**
 * "The company pays" (payOnBusiness of the train and flight calls): the attendee confirms the
 * amount once, then the order is paid on the company's account.
 *
 *   const company = useCompanyPay({ amountText: '¥1,260', pay: (idempotencyKey) => …, onPaid })
 *   <Button loading={company.busy} onClick={company.run}>…</Button>   (or <CompanyPayButton>)
 *
 * One key for the intent: a retry after a lost answer sends the same key, so the company is never
 * charged twice. `pay` resolves when the server has accepted; it rejects (after the request
 * client told the attendee why) when it has not.
 */
export interface CompanyPayOptions {
  amountText: string
  pay: (idempotencyKey: string) => Promise<unknown>
  onPaid?: () => void
}

export interface CompanyPay {
  busy: boolean
  /** asks, then pays; resolves true once paid */
  run: () => Promise<boolean>
}

export function useCompanyPay({ amountText, pay, onPaid }: CompanyPayOptions): CompanyPay {
  const [busy, setBusy] = useState(false)
  const key = useRef(newIdempotencyKey())
  const inFlight = useRef(false)
  const run = useCallback(async () => {
    if (inFlight.current) return false
    inFlight.current = true
    try {
      const yes = await confirm({
        title: t('payment.companyConfirmTitle'),
        content: t('payment.companyConfirmText', { amount: amountText }),
        confirmText: t('payment.companyConfirmOk'),
      })
      if (!yes) return false
      setBusy(true)
      await pay(key.current)
      onPaid?.()
      return true
    } catch {
      // the request client has shown why; the same key is kept for the retry
      return false
    } finally {
      inFlight.current = false
      setBusy(false)
    }
  }, [amountText, pay, onPaid])
  return { busy, run }
}
