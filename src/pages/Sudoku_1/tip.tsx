import { PageLayout } from '@/ui/PageLayout'

export default function NotEnabledPage() {
  return <PageLayout route='notEnabled' />
}
