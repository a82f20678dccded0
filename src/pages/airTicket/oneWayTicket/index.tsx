import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { FlightList } from '@/features/air/components/FlightList'
import { flightQuery, refOf } from '@/features/air/api/flights'
import { navigateTo } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import { PageLayout } from '@/ui/PageLayout'

export default function AirOneWayPage() {
  const { params } = useRouter()
  const dep = params.dep ?? ''
  const arr = params.arr ?? ''
  const [date, setDate] = useState(params.date ?? '')
  // the names the search form showed, when this search came from it
  const searched = useAppStore((s) => s.airRecentSearches.find((r) => r.dep.code === dep && r.arr.code === arr))
  return (
    <PageLayout route='airOneWay'>
      <FlightList
        depCode={dep}
        arrCode={arr}
        date={date}
        depName={searched && { zh: searched.dep.nameZh, en: searched.dep.nameEn }}
        arrName={searched && { zh: searched.arr.nameZh, en: searched.arr.nameEn }}
        onDate={setDate}
        onBook={(flight, cabin) => void navigateTo('airReservation', flightQuery(refOf(flight), cabin.cabinCode))}
      />
    </PageLayout>
  )
}
