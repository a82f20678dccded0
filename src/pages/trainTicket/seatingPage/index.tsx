import { PageLayout } from '@/ui/PageLayout'

export default function TrainSeatingPage() {
  return <PageLayout route='trainSeating' />
}
