import { PageLayout } from '@/ui/PageLayout'

export default function MicrositeDetailPage() {
  return <PageLayout route='micrositeDetail' />
}
