import { PageLayout } from '@/ui/PageLayout'
import { StationPicker } from '@/features/train/components/StationPicker'

export default function ChooseCityPage() {
  return (
    <PageLayout route='chooseCity' className='train-fill'>
      <StationPicker limited={false} />
    </PageLayout>
  )
}
