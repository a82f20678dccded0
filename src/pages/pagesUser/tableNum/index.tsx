import { PageLayout } from '@/ui/PageLayout'
import { TableNumView } from '@/features/eventday/components/InfoViews'

export default function TableNumPage() {
  return (
    <PageLayout route='tableNum'>
      <TableNumView />
    </PageLayout>
  )
}
