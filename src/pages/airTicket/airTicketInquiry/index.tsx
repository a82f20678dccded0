import dayjs from 'dayjs'
import { AirInquiry } from '@/features/air/components/AirInquiry'
import { beijingToday } from '@/features/air/model/time'
import { navigateTo } from '@/lib/router/navigate'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'

export default function AirInquiryPage() {
  return (
    <PageLayout route='airInquiry' navRight={<LanguageSwitch />}>
      <AirInquiry today={beijingToday(dayjs())} onSearch={(s) => void navigateTo('airOneWay', { dep: s.dep.code, arr: s.arr.code, date: s.date })} />
    </PageLayout>
  )
}
