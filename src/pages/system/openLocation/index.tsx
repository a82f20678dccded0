import { PageLayout } from '@/ui/PageLayout'

export default function OpenLocationPage() {
  return <PageLayout route='openLocation' />
}
