import { PageLayout } from '@/ui/PageLayout'

export default function LoginPage() {
  return <PageLayout route='login' />
}
