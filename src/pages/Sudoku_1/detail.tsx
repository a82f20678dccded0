import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { MicrositeGate } from '@/features/microsite/components/MicrositeGate'
import { MicrositeDetail } from '@/features/microsite/components/MicrositeDetail'

/** a page, article or album opened from the grid home */
export default function MicrositeDetailPage() {
  return (
    <PageLayout route='micrositeDetail' navRight={<LanguageSwitch />}>
      <MicrositeGate>{(site) => <MicrositeDetail site={site} style='sudoku' />}</MicrositeGate>
    </PageLayout>
  )
}
