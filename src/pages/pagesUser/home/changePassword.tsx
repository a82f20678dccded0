import { PageLayout } from '@/ui/PageLayout'
import { ChangePasswordForm } from '@/features/register/components/ChangePasswordForm'

export default function ChangePasswordPage() {
  return (
    <PageLayout route='changePassword'>
      <ChangePasswordForm />
    </PageLayout>
  )
}
