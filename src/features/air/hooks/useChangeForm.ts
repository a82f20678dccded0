import { useRef, useState } from 'react'
import type { AirAfterSaleType } from '@contracts/calls/flight/after-sales'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { confirm, toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { RequestError } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'
import { askSubscriptions, keepSubscriptions } from '@/lib/subscribe'
import { fetchRebookList, requestChange } from '../api/after-sales'
import { refOf } from '../api/flights'
import { useI18n } from '../i18n'
import {
  changeProblems,
  changeableTicket,
  emptyChange,
  intentKeys,
  problemAt,
  routesOf,
  segmentKey,
  stillValid,
  type ChangeDraft,
  type FormField,
} from '../model/afterSales'
import { changeBodyOf, lastChangeDay, passengersOnRoute, quickChangeDays, rebookKeyOf } from '../model/change'
import { dayLabel } from '../model/format'
import { formatYuan } from '../model/money'
import { useKeptDraft } from './useBookingDraft'
import { useRevealMore } from './useRevealMore'

/** what the list was asked for changes: a flight chosen from the old list no longer holds */
const CLEAR_FLIGHT = { flightNo: '', cabinCode: '' }

/**
 * ticketChanging's state: the form kept on the device until the request succeeds (a reload
 * mid-form loses nothing), the rebook list for the passengers, date and type chosen, the problems
 * (shown after the first submit), and one request per intent, confirmed first with what it costs.
 */
export function useChangeForm(order: AirOrderView, today: string, onRequested: (o: AirOrderView) => void) {
  const { t, lang } = useI18n()
  const kept = useKeptDraft('airAfterSalesDraft', `change:${order.orderId}`, emptyChange)
  const draft = stillValid(kept.draft, order, changeableTicket)
  const [tried, setTried] = useState(false)
  const [sending, setSending] = useState(false)
  const keyFor = useRef(intentKeys(newIdempotencyKey)).current
  const update: (patch: Partial<ChangeDraft>) => void = kept.patch
  const routes = routesOf(order, changeableTicket)
  const ids = [...draft.passengerIds].sort((a, b) => a - b)
  const type = draft.type
  const rebookKey = rebookKeyOf(order.orderId, ids, draft.date, type)
  const rebook = useQuery(rebookKey, () => fetchRebookList({ orderId: order.orderId, passengerIds: ids, date: draft.date, type: type as AirAfterSaleType }))
  const flights = rebook.data?.flights ?? []
  const shown = useRevealMore(flights.length, 15, rebookKey ?? '')
  const chosenFlight = flights.find((x) => x.flight.flightNo === draft.flightNo) ?? null
  const chosenCabin = chosenFlight?.cabins.find((c) => c.cabinCode === draft.cabinCode) ?? null
  const problems = tried ? changeProblems(draft) : []
  const problemText = (f: FormField) => {
    const p = problemAt(problems, f)
    return p ? t(p.key, p.params) : null
  }
  const lastDay = lastChangeDay(today)
  const booked = routes.find((f) => segmentKey(f) === draft.route) ?? order.flight
  const quickDays = quickChangeDays(booked.date, today, lastDay)

  const submit = async () => {
    if (sending) return
    setTried(true)
    const found = changeProblems(draft)
    if (found.length > 0) return toast(t(found[0].key, found[0].params))
    if (!chosenFlight || !chosenCabin) return toast(t('air.after.err.newRoute'))
    const flightText = `${chosenFlight.flight.flightNo} ${dayLabel(chosenFlight.flight.date, lang)} ${chosenFlight.flight.dep.time.slice(11, 16)}`
    const question =
      chosenCabin.backFen > 0
        ? t('air.after.confirmChangeBack', { n: ids.length, flight: flightText, amount: formatYuan(chosenCabin.backFen) })
        : t('air.after.confirmChange', {
            n: ids.length,
            flight: flightText,
            amount: chosenCabin.dueFen > 0 ? formatYuan(chosenCabin.dueFen) : t('air.after.changeFree'),
          })
    // in the tap, before any await (the confirm too): WeChat shows its prompt only then; its answer
    // comes before the confirm, one dialog at a time
    const accepted = await askSubscriptions('change')
    if (!(await confirm({ content: question }))) return
    const body = changeBodyOf(order.orderId, ids, draft, refOf(chosenFlight.flight), chosenCabin)
    setSending(true)
    try {
      const next = await requestChange({ ...body, idempotencyKey: keyFor(JSON.stringify(body)) })
      void keepSubscriptions('flight', order.orderId, 'change', accepted)
      toast(t('air.after.changeSent'))
      kept.clear()
      onRequested(next)
    } catch (err) {
      // the amount moved or the seats went: the list is read again; the choice stays if it still holds
      if (err instanceof RequestError && (err.msgId === 'EAIR1035' || err.msgId === 'EAIR1049' || err.msgId === 'EAIR1004')) rebook.retry()
    } finally {
      setSending(false)
    }
  }

  return {
    draft,
    routes,
    rebookKey,
    rebook,
    flights,
    shown,
    chosenCabin,
    problemText,
    quickDays,
    lastDay,
    sending,
    submit,
    setRoute: (route: string) => update({ route, ...CLEAR_FLIGHT, passengerIds: passengersOnRoute(order, draft.passengerIds, route) }),
    setPassengers: (passengerIds: number[]) => update({ passengerIds, ...CLEAR_FLIGHT }),
    setCause: (v: Partial<ChangeDraft>) => update(v.type === draft.type ? v : { ...v, ...CLEAR_FLIGHT }),
    setDate: (date: string) => update({ date, ...CLEAR_FLIGHT }),
    choose: (flightNo: string, cabinCode: string) => update({ flightNo, cabinCode }),
  }
}

/** the change form as the view's sections take it */
export type AirChangeForm = ReturnType<typeof useChangeForm>
