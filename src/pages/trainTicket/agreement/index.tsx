import { PageLayout } from '@/ui/PageLayout'
import { useI18n } from '@/features/train/i18n'
import { Paragraphs } from '@/features/train/components/Paragraphs'

/** the train reservation agreement ticked on oneWayReservation */
export default function TrainAgreementPage() {
  const { t } = useI18n()
  return (
    <PageLayout route='trainAgreement'>
      <Paragraphs paragraphs={[t('train.agreement.p1'), t('train.agreement.p2'), t('train.agreement.p3'), t('train.agreement.p4'), t('train.agreement.p5')]} />
    </PageLayout>
  )
}
