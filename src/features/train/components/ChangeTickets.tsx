import { Input, Picker, Text, Textarea, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { AtButton } from 'taro-ui'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ChangeOptions, ChangeQuote, ChangeTrainOffer, TrainChangeRecord } from '@contracts/calls/train/change'
import type { OrderPassengerView, TrainOrderView } from '@contracts/calls/train/orders'
import type { Station, StationRef } from '@contracts/calls/train/search'
import { TRAIN_CHANGE_CAUSES, TRAIN_CHANGE_TYPES, type TrainChangeCause, type TrainChangeType } from '@contracts/train'
import { toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { useI18n, type MessageKey } from '../i18n'
import { RequestError } from '@/lib/request'
import { redirectTo } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { VirtualList } from '@/ui/VirtualList'
import { askChange, fetchChange, requestChange } from '../api/after-sales'
import { orderIdOf, useOrder } from '../hooks/useOrder'
import { usePreSale } from '../hooks/usePreSale'
import { useStationSearch } from '../hooks/useStationSearch'
import { childAlone, differenceOf, passengersAllowed, toggleSelected, type ChangeStep } from '../model/after-sales'
import { formatYuan } from '../model/format'
import { stationName } from '../model/stations'
import { ChangePay, type ChangePayAction } from './ChangePay'
import { DifferenceLines } from './DifferenceLines'
import { DateLabel } from './DateLabel'
import { Section } from './Section'
import { TrainHeader } from './TrainHeader'
import './ChangeTickets.scss'

/** the longest free-text cause the server takes */
const CAUSE_TEXT_MAX = 200
/** a train row's height in ChangeTickets.scss (design px): a day can offer hundreds of trains (virtual list) */
const TRAIN_ROW_HEIGHT = 216

/** why a ticket of the order cannot be changed now (spec §4), as the catalogue says it */
export function changeBlockOf(p: OrderPassengerView): MessageKey | null {
  if (p.ticketActions.includes('change')) return null
  if (p.changedTo?.changeType === 'destination') return 'train.change.blocked.afterDestination'
  if (p.changeCount >= 1) return 'train.change.blocked.once'
  return 'train.change.blocked.state'
}

/**
 * ticketChangesPage: pick the ticket(s) → another date (same route) or another arrival station →
 * the trains the railway offers (askChangeOrderTicket) → a seat class with its fee and fare
 * difference → a cause and one confirm (changeOrderInfo/save, one idempotency key per intent) →
 * pay a higher fare (WeChat Pay when the attendee paid the order; the company's account is charged
 * by the server at once) or see the surplus that comes back → succeededInreSigning. What the rules
 * forbid is shown with its reason: tickets already changed, after a change of destination, a child
 * alone (here and by the server), outside the online change hours (the server's refusal).
 */
export function ChangeTickets({ payAction }: { payAction: ChangePayAction }) {
  const { t, lang } = useI18n()
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const payChangeId = Number(params.changeId) > 0 ? Number(params.changeId) : null
  const order = useOrder(orderId)
  const preSale = usePreSale()
  const o = order.data
  const [step, setStep] = useState<ChangeStep>(payChangeId ? 'pay' : 'pick')
  const [selected, setSelected] = useState<number[]>([])
  const [changeType, setChangeType] = useState<TrainChangeType>('sameRoute')
  const [date, setDate] = useState<string | null>(null)
  const [newTo, setNewTo] = useState<StationRef | null>(null)
  const [options, setOptions] = useState<ChangeOptions | null>(null)
  const [problem, setProblem] = useState('')
  const [choice, setChoice] = useState<{ train: ChangeTrainOffer; quote: ChangeQuote } | null>(null)
  const [cause, setCause] = useState<TrainChangeCause | null>(null)
  const [causeText, setCauseText] = useState('')
  const [busy, setBusy] = useState(false)
  const [change, setChange] = useState<TrainChangeRecord | null>(null)
  const key = useRef(newIdempotencyKey())

  // the change waiting for its difference (from the order details' "pay"), fetched by id
  useEffect(() => {
    if (!payChangeId) return
    fetchChange(payChangeId).then(
      (r) => {
        if (r.change.state === 'toPay') setChange(r.change)
        else void redirectTo('trainSucceededInReSigning', { changeId: r.change.id })
      },
      (e: unknown) => {
        if (!(e instanceof RequestError)) throw e
        setProblem(e.message || t('train.common.loadFailed'))
      },
    )
  }, [payChangeId]) // eslint-disable-line react-hooks/exhaustive-deps

  if (!orderId || (order.status === 'error' && !o)) return <Notice text={t('train.common.loadFailed')} action={orderId ? { label: t('common.retry'), onClick: order.retry } : undefined} />
  if (!o) return null

  if (step === 'pay') {
    if (change) return <ChangePay order={o} change={change} payAction={payAction} />
    return problem ? <Notice text={problem} /> : null
  }

  const ask = async (keepProblem = false) => {
    if (!selected.length) return toast(t('train.change.pickTickets'))
    if (childAlone(o, selected)) return toast(t('train.change.blocked.childAlone'))
    const day = date ?? o.date
    if (changeType === 'destination' && !newTo) return toast(t('train.change.pickStation'))
    setBusy(true)
    if (!keepProblem) setProblem('')
    try {
      const r = await askChange({ orderId: o.id, passengerIds: selected, changeType, date: day, toStationCode: changeType === 'destination' ? newTo?.code : undefined })
      setOptions(r)
      setChoice(null)
      setStep('trains')
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      setProblem(e.message)
    } finally {
      setBusy(false)
    }
  }

  const save = async () => {
    if (!choice || !options || busy) return
    if (!cause) return toast(t('train.change.pickCause'))
    if (cause === 'other' && !causeText.trim()) return toast(t('train.change.enterCause'))
    setBusy(true)
    try {
      const r = await requestChange({
        idempotencyKey: key.current,
        orderId: o.id,
        passengerIds: options.passengerIds,
        changeType: options.changeType,
        cause,
        causeText: cause === 'other' ? causeText.trim() : '',
        trainCode: choice.train.trainCode,
        date: choice.train.date,
        // the chosen train's own stations (a change may move between the stations of one city)
        fromStationCode: choice.train.from.code,
        toStationCode: choice.train.to.code,
        seatType: choice.quote.seatType,
        expectedDifferenceFen: choice.quote.differenceFen,
      })
      if (r.change.state === 'toPay') {
        setChange(r.change)
        setStep('pay')
      } else void redirectTo('trainSucceededInReSigning', { changeId: r.change.id })
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      // a refusal is an answer: another try is a new intent (the prices may have moved: ask again)
      if (e.kind !== 'network') {
        key.current = newIdempotencyKey()
        setProblem(e.message)
        setStep('trains')
        void ask(true)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className='change-tickets'>
      <TrainHeader train={o} />
      {step === 'pick' && (
        <PickStep
          order={o}
          selected={selected}
          onToggle={(id) => setSelected((s) => toggleSelected(s, id, o.passengers.map((p) => p.id)))}
          changeType={changeType}
          onType={(c) => setChangeType(c)}
          date={date ?? o.date}
          dateRange={preSale.data ? { start: preSale.data.today, end: preSale.data.lastDate, today: preSale.data.today } : null}
          onDate={setDate}
          newTo={newTo}
          onNewTo={setNewTo}
        />
      )}
      {step === 'trains' && options && (
        <Section
          title={t('train.change.trainsTitle', { from: stationName(options.from, lang), to: stationName(options.to, lang) })}
          extra={<DateLabel className='change-tickets__date' date={options.date} />}
        >
          {options.trains.length === 0 && <Text className='change-tickets__empty'>{t('train.list.noTrains')}</Text>}
          {options.trains.length > 0 && (
            <VirtualList
              className='change-tickets__list'
              items={options.trains}
              rowHeight={TRAIN_ROW_HEIGHT}
              keyOf={(tr) => tr.trainCode}
              resetKey={`${options.date}:${options.to.code}`}
              renderRow={(tr) => (
                <View className='change-tickets__train'>
                  <View className='change-tickets__train-head'>
                    <Text className='change-tickets__train-no'>{tr.trainNo}</Text>
                    <Text className='change-tickets__train-time'>
                      {tr.departTime} {stationName(tr.from, lang)} → {tr.arriveTime} {stationName(tr.to, lang)}
                    </Text>
                  </View>
                  <View className='change-tickets__quotes'>
                    {tr.quotes.map((q) => {
                      const on = choice?.train.trainCode === tr.trainCode && choice.quote.seatType === q.seatType
                      const d = differenceOf(q.differenceFen)
                      return (
                        <View
                          key={q.seatType}
                          role='radio'
                          aria-checked={on}
                          className={`change-tickets__quote ${on ? 'is-on' : ''} ${q.left <= 0 || !q.withinPolicy ? 'is-off' : ''}`}
                          onClick={() => {
                            if (q.left <= 0) return toast(t('train.common.soldOut'))
                            // a change is never made outside the travel policy (the server refuses it: ETRAIN1030)
                            if (!q.withinPolicy) return toast(t('train.change.overPolicy'))
                            key.current = newIdempotencyKey()
                            setChoice({ train: tr, quote: q })
                          }}
                        >
                          <Text className='change-tickets__quote-seat'>{t(`train.seat.${q.seatType}`)}</Text>
                          <Text className='change-tickets__quote-fare'>¥{formatYuan(q.newFareFen)}</Text>
                          {q.withinPolicy ? (
                            <Text className={`change-tickets__quote-diff is-${d.kind}`}>{t(`train.change.diff.${d.kind}`, { amount: formatYuan(d.amountFen) })}</Text>
                          ) : (
                            <Text className='change-tickets__quote-policy'>{t('train.list.outsidePolicy')}</Text>
                          )}
                        </View>
                      )
                    })}
                  </View>
                </View>
              )}
            />
          )}
        </Section>
      )}
      {step === 'trains' && choice && options && (
        <Section title={t('train.change.confirmTitle')} className='change-tickets__confirm'>
          <DifferenceLines quote={choice.quote} feePercent={options.changeFeePercent} />
          <Text className='change-tickets__label'>{t('train.change.cause')}</Text>
          <View className='change-tickets__chips'>
            {TRAIN_CHANGE_CAUSES.map((c) => (
              <View key={c} role='radio' aria-checked={cause === c} className={`change-tickets__chip ${cause === c ? 'is-on' : ''}`} onClick={() => setCause(c)}>
                {t(`train.change.causes.${c}`)}
              </View>
            ))}
          </View>
          {cause === 'other' && (
            <Textarea className='change-tickets__text' value={causeText} maxlength={CAUSE_TEXT_MAX} placeholder={t('train.change.causePlaceholder')} onInput={(e) => setCauseText(e.detail.value)} />
          )}
        </Section>
      )}
      {problem && <Text className='change-tickets__problem'>{problem}</Text>}
      <View className='change-tickets__actions'>
        {step === 'trains' && (
          <AtButton className='change-tickets__back' onClick={() => setStep('pick')}>
            {t('train.change.back')}
          </AtButton>
        )}
        {step === 'pick' ? (
          <AtButton type='primary' className='change-tickets__ask' loading={busy} onClick={() => void ask()}>
            {t('train.change.findTrains')}
          </AtButton>
        ) : (
          <AtButton type='primary' className='change-tickets__save' disabled={!choice} loading={busy} onClick={() => void save()}>
            {t('train.change.confirm')}
          </AtButton>
        )}
      </View>
    </View>
  )
}

interface PickProps {
  order: TrainOrderView
  selected: number[]
  onToggle: (id: number) => void
  changeType: TrainChangeType
  onType: (c: TrainChangeType) => void
  date: string
  dateRange: { start: string; end: string; today: string } | null
  onDate: (d: string) => void
  newTo: StationRef | null
  onNewTo: (s: StationRef | null) => void
}

function PickStep({ order, selected, onToggle, changeType, onType, date, dateRange, onDate, newTo, onNewTo }: PickProps) {
  const { t } = useI18n()
  const allowed = passengersAllowed(order, 'change').map((p) => p.id)
  return (
    <>
      <Section title={t('train.change.pickTickets')}>
        {order.passengers.map((p) => {
          const block = changeBlockOf(p)
          const on = selected.includes(p.id)
          return (
            <View
              key={p.id}
              className={`change-tickets__passenger ${block ? 'is-blocked' : ''}`}
              role='checkbox'
              aria-checked={on}
              aria-disabled={!!block}
              aria-label={p.name}
              onClick={() => (block ? toast(t(block)) : allowed.includes(p.id) && onToggle(p.id))}
            >
              <View className={`change-tickets__check ${on ? 'is-checked' : ''}`}>{on ? '✓' : ''}</View>
              <View className='change-tickets__who'>
                <Text className='change-tickets__name'>
                  {p.name} · {t(`train.passengerType.${p.passengerType}`)}
                </Text>
                {block && <Text className='change-tickets__why'>{t(block)}</Text>}
              </View>
              <Text className='change-tickets__price'>¥{formatYuan(p.changedTo?.priceFen ?? p.ticketPriceFen)}</Text>
            </View>
          )
        })}
        {childAlone(order, selected) && <Text className='change-tickets__why'>{t('train.change.blocked.childAlone')}</Text>}
      </Section>
      <Section title={t('train.change.type')}>
        <View className='change-tickets__chips'>
          {TRAIN_CHANGE_TYPES.map((c) => (
            <View key={c} role='radio' aria-checked={changeType === c} className={`change-tickets__chip ${changeType === c ? 'is-on' : ''}`} onClick={() => onType(c)}>
              {t(`train.change.types.${c}`)}
            </View>
          ))}
        </View>
        {changeType === 'destination' && <Text className='change-tickets__why'>{t('train.change.destinationNote')}</Text>}
        {dateRange && (
          <Picker mode='date' value={date} start={dateRange.start} end={dateRange.end} onChange={(e) => onDate(String(e.detail.value))}>
            <View className='change-tickets__field'>
              <Text className='change-tickets__label'>{t('train.change.newDate')}</Text>
              <DateLabel className='change-tickets__value' date={date} today={dateRange.today} />
            </View>
          </Picker>
        )}
        {changeType === 'destination' && <StationField value={newTo} exclude={order.to.code} onPick={onNewTo} />}
      </Section>
    </>
  )
}

/** the new arrival station of a destination change: typed and picked from the server's matches */
function StationField({ value, exclude, onPick }: { value: StationRef | null; exclude: string; onPick: (s: StationRef | null) => void }) {
  const { t, lang } = useI18n()
  const [typed, setTyped] = useState('')
  const notTheOld = useCallback((list: Station[]) => list.filter((s) => s.code !== exclude).slice(0, 8), [exclude])
  const [picked, setPicked] = useState(false)
  const found = useStationSearch(picked ? '' : typed, notTheOld) ?? []
  const shown = useMemo(() => (value ? stationName(value, lang) : ''), [value, lang])
  return (
    <View className='change-tickets__station'>
      <View className='change-tickets__field'>
        <Text className='change-tickets__label'>{t('train.change.newTo')}</Text>
        <Input
          className='change-tickets__input'
          value={typed || shown}
          placeholder={t('train.city.searchPlaceholder')}
          onInput={(e) => {
            setTyped(e.detail.value)
            setPicked(false)
            onPick(null)
          }}
        />
      </View>
      {found.map((s) => (
        <Text
          key={s.code}
          className='change-tickets__match'
          onClick={() => {
            onPick({ code: s.code, name: s.name, nameEn: s.nameEn })
            setTyped('')
            setPicked(true)
          }}
        >
          {stationName(s, lang)}
        </Text>
      ))}
    </View>
  )
}
