import { useRouter } from '@tarojs/taro'
import { PageLayout } from '@/ui/PageLayout'
import { OpenLocationView } from '@/features/eventday/components/LocationViews'

export default function OpenLocationPage() {
  const { params } = useRouter()
  return (
    <PageLayout route='openLocation'>
      <OpenLocationView params={params} />
    </PageLayout>
  )
}
