import { useRouter } from '@tarojs/taro'
import { PageLayout } from '@/ui/PageLayout'
import { DesignPageView } from '@/features/eventday/components/InfoViews'

export default function CustomTempPage() {
  const { params } = useRouter()
  return (
    <PageLayout route='customTemp'>
      <DesignPageView kind='custom' pageCode={params.pageCode || undefined} />
    </PageLayout>
  )
}
