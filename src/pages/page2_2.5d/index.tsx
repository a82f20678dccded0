import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { MicrositeGate } from '@/features/microsite/components/MicrositeGate'
import { MicrositeHome } from '@/features/microsite/components/MicrositeHome'

/** the microsite's 2.5D home */
export default function Microsite25dIndexPage() {
  return (
    <PageLayout route='microsite25dIndex' navRight={<LanguageSwitch />}>
      <MicrositeGate>{(site) => <MicrositeHome site={site} style='2.5d' />}</MicrositeGate>
    </PageLayout>
  )
}
