import { PageLayout } from '@/ui/PageLayout'

export default function ContactUsPage() {
  return <PageLayout route='contactUs' />
}
