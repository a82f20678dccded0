import { Text, Textarea, View } from '@tarojs/components'
import type { ChangeOptions } from '@contracts/calls/train/change'
import { TRAIN_CHANGE_CAUSES } from '@contracts/train'
import { VirtualList } from '@/ui/VirtualList'
import type { ChangeForm } from '../hooks/useChangeTickets'
import { useI18n } from '../i18n'
import { differenceOf } from '../model/after-sales'
import { formatYuan } from '../model/format'
import { stationName } from '../model/stations'
import { DateLabel } from './DateLabel'
import { DifferenceLines } from './DifferenceLines'
import { Section } from './Section'
import { pressable } from '@/ui/pressable'

/** the longest free-text cause the server takes */
const CAUSE_TEXT_MAX = 200
/** a train row's height in ChangeTickets.scss (design px): a day can offer hundreds of trains (virtual list) */
const TRAIN_ROW_HEIGHT = 216

/** the change form's second step: the railway's trains with each class's fare and difference, then the chosen one's cost and a cause */
export function ChangeTrainChoice({ form, options }: { form: ChangeForm; options: ChangeOptions }) {
  const { t, lang } = useI18n()
  const { choice, choose, cause, setCause, causeText, setCauseText } = form
  return (
    <>
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
                        className={`change-tickets__quote ${on ? 'is-on' : ''} ${q.left <= 0 || !q.withinPolicy ? 'is-off' : ''}`}
                        {...pressable(() => choose(tr, q), { role: 'radio', checked: on })}
                      >
                        <Text className='change-tickets__quote-seat'>{t(`train.seat.${q.seatType}`)}</Text>
                        <Text className='change-tickets__quote-fare'>¥{formatYuan(q.newFareFen)}</Text>
                        {q.withinPolicy ? (
                          <Text className={`change-tickets__quote-diff is-${d.kind}`}>
                            {t(`train.change.diff.${d.kind}`, { amount: formatYuan(d.amountFen) })}
                          </Text>
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
      {choice && (
        <Section title={t('train.change.confirmTitle')} className='change-tickets__confirm'>
          <DifferenceLines quote={choice.quote} feePercent={options.changeFeePercent} />
          <Text className='change-tickets__label'>{t('train.change.cause')}</Text>
          <View className='change-tickets__chips'>
            {TRAIN_CHANGE_CAUSES.map((c) => (
              <View
                key={c}
                className={`change-tickets__chip ${cause === c ? 'is-on' : ''}`}
                {...pressable(() => setCause(c), { role: 'radio', checked: cause === c })}
              >
                {t(`train.change.causes.${c}`)}
              </View>
            ))}
          </View>
          {cause === 'other' && (
            <Textarea
              className='change-tickets__text'
              value={causeText}
              maxlength={CAUSE_TEXT_MAX}
              placeholder={t('train.change.causePlaceholder')}
              onInput={(e) => setCauseText(e.detail.value)}
            />
          )}
        </Section>
      )}
    </>
  )
}
