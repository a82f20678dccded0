import { PageLayout } from '@/ui/PageLayout'

export default function PermissionsPage() {
  return <PageLayout route='permissions' />
}
