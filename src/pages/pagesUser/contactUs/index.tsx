import { PageLayout } from '@/ui/PageLayout'
import { ContactUsView } from '@/features/eventday/components/InfoViews'

export default function ContactUsPage() {
  return (
    <PageLayout route='contactUs'>
      <ContactUsView />
    </PageLayout>
  )
}
