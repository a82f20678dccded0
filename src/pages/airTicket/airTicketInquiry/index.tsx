import { PageLayout } from '@/ui/PageLayout'

export default function AirInquiryPage() {
  return <PageLayout route='airInquiry' />
}
