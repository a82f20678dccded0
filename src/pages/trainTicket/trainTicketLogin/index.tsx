import { useRouter } from '@tarojs/taro'
import Taro from '@tarojs/taro'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'
import { redirectTo } from '@/lib/router/navigate'
import { returnTarget } from '@/lib/router/returnTo'
import { RailwayLoginForm } from '@/features/train/components/RailwayLoginForm'

/** the railway login; afterwards back where the attendee was (spec §8 ETRAIN1002), else back */
export default function TrainLoginPage() {
  const router = useRouter()
  const done = () => {
    const target = returnTarget(router.params)
    if (target) void redirectTo(target.name, target.query)
    else if (Taro.getCurrentPages().length > 1) void Taro.navigateBack()
    else void redirectTo('trainHome')
  }
  return (
    <PageLayout route='trainLogin' navRight={<LanguageSwitch />}>
      <RailwayLoginForm onDone={done} />
    </PageLayout>
  )
}
