import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { MicrositeGate } from '@/features/microsite/components/MicrositeGate'
import { MicrositeDetail } from '@/features/microsite/components/MicrositeDetail'

/** a page, article or album opened from the 2.5D home */
export default function Microsite25dDetailPage() {
  return (
    <PageLayout route='microsite25dDetail' navRight={<LanguageSwitch />}>
      <MicrositeGate>{(site) => <MicrositeDetail site={site} style='2.5d' />}</MicrositeGate>
    </PageLayout>
  )
}
