import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { TrainHome } from '@/features/train/components/TrainHome'

export default function TrainHomePage() {
  return (
    <PageLayout route='trainHome' navRight={<LanguageSwitch />}>
      <TrainHome />
    </PageLayout>
  )
}
