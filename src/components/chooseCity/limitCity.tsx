import { PageLayout } from '@/ui/PageLayout'

export default function LimitCityPage() {
  return <PageLayout route='limitCity' />
}
