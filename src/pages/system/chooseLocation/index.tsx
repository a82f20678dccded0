import { PageLayout } from '@/ui/PageLayout'

export default function ChooseLocationPage() {
  return <PageLayout route='chooseLocation' />
}
