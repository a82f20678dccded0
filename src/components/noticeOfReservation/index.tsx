import { useRouter } from '@tarojs/taro'
import { PageLayout } from '@/ui/PageLayout'
import { NoticeAccordion } from '@/features/train/components/NoticeAccordion'

/** spec §2: the back arrow is hidden when the notes are shown inside the train order details (?inOrder=1) */
export default function NoticeOfReservationPage() {
  const { params } = useRouter()
  return (
    <PageLayout route='noticeOfReservation' back={params.inOrder !== '1'}>
      <NoticeAccordion />
    </PageLayout>
  )
}
