import { PageLayout } from '@/ui/PageLayout'

export default function TrainLoginPage() {
  return <PageLayout route='trainLogin' />
}
