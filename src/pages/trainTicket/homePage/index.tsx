import { PageLayout } from '@/ui/PageLayout'

export default function TrainHomePage() {
  return <PageLayout route='trainHome' />
}
