import { PageLayout } from '@/ui/PageLayout'
import { StationPicker } from '@/features/train/components/StationPicker'

export default function LimitCityPage() {
  return (
    <PageLayout route='limitCity' className='train-fill'>
      <StationPicker limited />
    </PageLayout>
  )
}
