import { PageLayout } from '@/ui/PageLayout'

export default function DesignPage() {
  return <PageLayout route='design' />
}
