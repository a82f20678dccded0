import { useI18n } from '@/lib/i18n'
import { reLaunch } from '@/lib/router/navigate'
import { PageLayout } from '@/ui/PageLayout'
import { Notice } from '@/ui/Notice'

export default function UnauthorizedPage() {
  const { t } = useI18n()
  return (
    <PageLayout route='unauthorized'>
      <Notice icon='401' text={t('unauthorized.text')} action={{ label: t('unauthorized.toLogin'), onClick: () => void reLaunch('login') }} />
    </PageLayout>
  )
}
