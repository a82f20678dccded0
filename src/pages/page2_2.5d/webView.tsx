import { PageLayout } from '@/ui/PageLayout'
import { MicrositeGate } from '@/features/microsite/components/MicrositeGate'
import { WebLink } from '@/features/microsite/components/WebLink'

/** a link module's page: web-view on weapp (under the native bar), a frame or a new window on H5 */
export default function Microsite25dWebViewPage() {
  return (
    <PageLayout route='microsite25dWebView'>
      <MicrositeGate>{(site) => <WebLink site={site} />}</MicrositeGate>
    </PageLayout>
  )
}
