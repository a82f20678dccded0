import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { MicrositeGate } from '@/features/microsite/components/MicrositeGate'
import { MicrositeHome } from '@/features/microsite/components/MicrositeHome'

/** the microsite's grid ("nine-square") home */
export default function MicrositeIndexPage() {
  return (
    <PageLayout route='micrositeIndex' navRight={<LanguageSwitch />}>
      <MicrositeGate>{(site) => <MicrositeHome site={site} style='sudoku' />}</MicrositeGate>
    </PageLayout>
  )
}
