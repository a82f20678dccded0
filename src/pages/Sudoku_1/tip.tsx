import { useI18n } from '@/lib/i18n'
import { PageLayout } from '@/ui/PageLayout'
import { Notice } from '@/ui/Notice'

/** "not enabled": the conference website is closed (spec §2, §8) */
export default function NotEnabledPage() {
  const { t } = useI18n()
  return (
    <PageLayout route='notEnabled' back={false}>
      <Notice text={t('notEnabled.text')} />
    </PageLayout>
  )
}
