import { PageLayout } from '@/ui/PageLayout'

export default function SignIndexPage() {
  return <PageLayout route='signIndex' />
}
