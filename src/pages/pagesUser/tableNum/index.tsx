import { PageLayout } from '@/ui/PageLayout'

export default function TableNumPage() {
  return <PageLayout route='tableNum' />
}
