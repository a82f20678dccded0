import { PageLayout } from '@/ui/PageLayout'

export default function FormPage() {
  return <PageLayout route='form' />
}
