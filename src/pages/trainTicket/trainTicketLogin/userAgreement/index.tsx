import { PageLayout } from '@/ui/PageLayout'
import { useI18n } from '@/features/train/i18n'
import { Paragraphs } from '@/features/train/components/Paragraphs'

/** the account-authorisation agreement ticked on the railway login */
export default function TrainLoginAgreementPage() {
  const { t } = useI18n()
  return (
    <PageLayout route='trainLoginAgreement'>
      <Paragraphs paragraphs={[t('train.userAgreement.p1'), t('train.userAgreement.p2'), t('train.userAgreement.p3'), t('train.userAgreement.p4')]} />
    </PageLayout>
  )
}
