import { PageLayout } from '@/ui/PageLayout'

export default function Microsite25dDetailPage() {
  return <PageLayout route='microsite25dDetail' />
}
