import { PageLayout } from '@/ui/PageLayout'

export default function CustomTempPage() {
  return <PageLayout route='customTemp' />
}
