import { PageLayout } from '@/ui/PageLayout'

export default function TrainSucceededInReSigningPage() {
  return <PageLayout route='trainSucceededInReSigning' />
}
