import { PageLayout } from '@/ui/PageLayout'

export default function NotFoundPage() {
  return <PageLayout route='notFound' />
}
