import { PageLayout } from '@/ui/PageLayout'

export default function NoticeOfReservationPage() {
  return <PageLayout route='noticeOfReservation' />
}
