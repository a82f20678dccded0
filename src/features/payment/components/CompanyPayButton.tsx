import { Button } from '@/ui/Button'
import { useI18n } from '@/lib/i18n'
import { useCompanyPay, type CompanyPayOptions } from '../hooks/useCompanyPay'
import './payment.scss'

interface Props extends CompanyPayOptions {
  disabled?: boolean
}

/** "The company pays ¥X": asks to confirm the amount, then pays on the company's account */
export function CompanyPayButton({ disabled, ...opts }: Props) {
  const { t } = useI18n()
  const company = useCompanyPay(opts)
  return (
    <Button
      type='primary'
      className='pay-panel__button pay-panel__button--company'
      loading={company.busy}
      disabled={disabled || company.busy}
      onClick={() => void company.run()}
    >
      {t('payment.payCompany', { amount: opts.amountText })}
    </Button>
  )
}
