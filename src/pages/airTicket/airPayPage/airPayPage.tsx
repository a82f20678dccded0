import { PageLayout } from '@/ui/PageLayout'

export default function AirPayPage() {
  return <PageLayout route='airPay' />
}
