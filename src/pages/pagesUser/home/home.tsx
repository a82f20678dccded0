import { PageLayout } from '@/ui/PageLayout'

export default function HomePage() {
  return <PageLayout route='home' />
}
