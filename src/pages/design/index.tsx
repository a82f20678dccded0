import { useRouter } from '@tarojs/taro'
import { PageLayout } from '@/ui/PageLayout'
import { DesignPageView } from '@/features/eventday/components/InfoViews'

export default function DesignPage() {
  const { params } = useRouter()
  return (
    <PageLayout route='design'>
      <DesignPageView kind='design' pageCode={params.pageCode || undefined} />
    </PageLayout>
  )
}
