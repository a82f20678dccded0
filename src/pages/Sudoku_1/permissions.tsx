import { useAppStore } from '@/store'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { PermissionNotice } from '@/features/microsite/components/PermissionNotice'
import { logout } from '@/features/auth/model/logout'

/** the attendee's type may not see the microsite page they asked for (spec §6) */
export default function PermissionsPage() {
  const loggedIn = useAppStore((s) => !!s.token)
  return (
    <PageLayout route='permissions' navRight={<LanguageSwitch />}>
      <PermissionNotice onSwitchAccount={loggedIn ? () => void logout() : undefined} />
    </PageLayout>
  )
}
