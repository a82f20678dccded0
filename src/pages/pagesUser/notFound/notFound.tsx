import { useI18n } from '@/lib/i18n'
import { reLaunch } from '@/lib/router/navigate'
import { PageLayout } from '@/ui/PageLayout'
import { Notice } from '@/ui/Notice'

export default function NotFoundPage() {
  const { t } = useI18n()
  return (
    <PageLayout route='notFound'>
      <Notice icon='404' text={t('notFound.text')} action={{ label: t('common.backHome'), onClick: () => void reLaunch('index') }} />
    </PageLayout>
  )
}
