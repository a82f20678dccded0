import { PageLayout } from '@/ui/PageLayout'

export default function AirDishonoredBillPage() {
  return <PageLayout route='airDishonoredBill' />
}
