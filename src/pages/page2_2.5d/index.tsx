import { PageLayout } from '@/ui/PageLayout'

export default function Microsite25dIndexPage() {
  return <PageLayout route='microsite25dIndex' />
}
