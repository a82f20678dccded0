import { PageLayout } from '@/ui/PageLayout'

export default function MicrositeIndexPage() {
  return <PageLayout route='micrositeIndex' />
}
