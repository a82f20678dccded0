import { PageLayout } from '@/ui/PageLayout'

export default function ChooseCityPage() {
  return <PageLayout route='chooseCity' />
}
