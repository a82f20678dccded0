import { PageLayout } from '@/ui/PageLayout'

export default function UnauthorizedPage() {
  return <PageLayout route='unauthorized' />
}
