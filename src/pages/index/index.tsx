import { PageLayout } from '@/ui/PageLayout'

export default function IndexPage() {
  return <PageLayout route='index' />
}
