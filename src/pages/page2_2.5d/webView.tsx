import { PageLayout } from '@/ui/PageLayout'

export default function Microsite25dWebViewPage() {
  return <PageLayout route='microsite25dWebView' />
}
