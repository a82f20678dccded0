import { PageLayout } from '@/ui/PageLayout'

export default function TrainLoginAgreementPage() {
  return <PageLayout route='trainLoginAgreement' />
}
