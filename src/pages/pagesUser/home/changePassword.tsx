import { PageLayout } from '@/ui/PageLayout'

export default function ChangePasswordPage() {
  return <PageLayout route='changePassword' />
}
