import { useI18n } from '@/lib/i18n'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { Notice } from '@/ui/Notice'

/** "not enabled": the conference website or its microsite is switched off (spec §2, §8) */
export default function NotEnabledPage() {
  const { t } = useI18n()
  return (
    <PageLayout route='notEnabled' back={false} navRight={<LanguageSwitch />}>
      <Notice text={t('notEnabled.text')} />
    </PageLayout>
  )
}
