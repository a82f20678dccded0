import { PageLayout } from '@/ui/PageLayout'

export default function SignInPage() {
  return <PageLayout route='signIn' />
}
