import { PageLayout } from '@/ui/PageLayout'

export default function TrainAgreementPage() {
  return <PageLayout route='trainAgreement' />
}
