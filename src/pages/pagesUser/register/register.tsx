import { PageLayout } from '@/ui/PageLayout'

export default function RegisterPage() {
  return <PageLayout route='register' />
}
