import { PageLayout } from '@/ui/PageLayout'
import { TrainList } from '@/features/train/components/TrainList'

export default function TrainSearchListPage() {
  return (
    <PageLayout route='trainSearchTicketList' className='train-fill'>
      <TrainList />
    </PageLayout>
  )
}
