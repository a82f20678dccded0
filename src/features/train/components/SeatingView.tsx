import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { Button } from '@/ui/Button'
import { TRAIN_TYPES, SEAT_TYPES, hasSeatLetters, positionOfLetter, type SeatChoice, type SeatType, type TrainType } from '@contracts/train'
import { useI18n } from '../i18n'
import { goBack } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { useTravellers } from '../hooks/useTravellers'
import { keepChoice, seatChoicesFor } from '../model/seating'
import { pressable } from '@/ui/pressable'
import './SeatingView.scss'

const isTrainType = (v: string | undefined): v is TrainType => (TRAIN_TYPES as readonly string[]).includes(v ?? '')
const isSeatType = (v: string | undefined): v is SeatType => (SEAT_TYPES as readonly string[]).includes(v ?? '')

/**
 * seatingPage: a seat letter per passenger where the train and class have them (A/F window, C/D
 * aisle, B middle), else a window or aisle wish. Written into the reservation being filled in.
 */
export function SeatingView() {
  const { t } = useI18n()
  const { params } = useRouter()
  const draft = useAppStore((s) => s.trainDraft)
  const setDraft = useAppStore((s) => s.setTrainDraft)
  const travellers = useTravellers()
  const trainType = params.trainType
  const seatType = params.seat
  if (!isTrainType(trainType) || !isSeatType(seatType) || !draft || draft.key !== params.draft) return <Notice text={t('train.seating.passengerFirst')} />
  const choices = seatChoicesFor(trainType, seatType)
  if (!draft.passengers.length) return <Notice text={t('train.seating.passengerFirst')} />
  const nameOf = (id: number) => travellers.data?.find((x) => x.id === id)?.name ?? ''
  const choose = (travellerId: number, c: SeatChoice | null) =>
    setDraft({ ...draft, passengers: draft.passengers.map((p) => (p.travellerId === travellerId ? { ...p, seatChoice: c } : p)) })
  const label = (c: SeatChoice) => (c === 'window' || c === 'aisle' ? t(`train.seating.${c}`) : `${c} · ${t(`train.seating.${positionOfLetter(c)}`)}`)
  return (
    <View className='seating'>
      <Text className='seating__hint'>{hasSeatLetters(trainType, seatType) ? t('train.seating.hint') : t('train.seating.noLetters')}</Text>
      {draft.passengers.map((p) => {
        const current = keepChoice(p.seatChoice, choices)
        return (
          <View key={p.travellerId} className='seating__passenger'>
            <Text className='seating__name'>{nameOf(p.travellerId)}</Text>
            <View className='seating__choices'>
              <View className={`seating__choice ${current === null ? 'is-on' : ''}`} {...pressable(() => choose(p.travellerId, null))}>
                {t('train.seating.none')}
              </View>
              {choices.map((c) => (
                <View
                  key={c}
                  className={`seating__choice seating__choice--${c} ${current === c ? 'is-on' : ''}`}
                  {...pressable(() => choose(p.travellerId, c))}
                >
                  {label(c)}
                </View>
              ))}
            </View>
          </View>
        )
      })}
      <Button type='primary' className='seating__done' onClick={() => goBack('trainHome')}>
        {t('train.seating.done')}
      </Button>
    </View>
  )
}
