import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import { useI18n } from '../i18n'
import { DEPARTURE_SLOTS, NO_FILTERS, type FilterOptions, type FlightFilters } from '../model/flights'
import { pick } from '../model/format'
import { Sheet } from './Sheet'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  value: FlightFilters
  options: FilterOptions
  onApply: (f: FlightFilters) => void
  onClose: () => void
}

const toggle = <T,>(list: T[], v: T): T[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v])

/** departure time, airline, airports, aircraft size; applied only on "apply" */
export function FilterSheet({ value, options, onApply, onClose }: Props) {
  const { t, lang } = useI18n()
  const [f, setF] = useState<FlightFilters>(value)
  const chip = (on: boolean, label: string, onClick: () => void, key: string) => (
    <View key={key} className={`air-chip ${on ? 'is-on' : ''}`} {...pressable(onClick, { role: 'checkbox', checked: on })}>
      {label}
    </View>
  )
  const group = (title: string, children: JSX.Element[]) =>
    children.length > 0 && (
      <View className='air-filter__group'>
        <Text className='air-filter__title'>{title}</Text>
        <View className='air-chips'>{children}</View>
      </View>
    )
  return (
    <Sheet
      title={t('air.filter.title')}
      onClose={onClose}
      footer={
        <View className='air-row air-filter__foot'>
          <Button className='air-filter__reset' onClick={() => setF(NO_FILTERS)}>
            {t('air.filter.reset')}
          </Button>
          <Button type='primary' className='air-filter__apply' onClick={() => onApply(f)}>
            {t('air.filter.apply')}
          </Button>
        </View>
      }
    >
      {group(
        t('air.filter.time'),
        DEPARTURE_SLOTS.map((s) => chip(f.slots.includes(s), t(`air.filter.slot.${s}`), () => setF({ ...f, slots: toggle(f.slots, s) }), s)),
      )}
      {group(
        t('air.filter.airline'),
        options.airlines.map((a) =>
          chip(f.airlines.includes(a.code), pick(lang, a.nameZh, a.nameEn), () => setF({ ...f, airlines: toggle(f.airlines, a.code) }), a.code),
        ),
      )}
      {options.depAirports.length > 1 &&
        group(
          t('air.filter.depAirport'),
          options.depAirports.map((a) =>
            chip(f.depAirports.includes(a.code), pick(lang, a.nameZh, a.nameEn), () => setF({ ...f, depAirports: toggle(f.depAirports, a.code) }), a.code),
          ),
        )}
      {options.arrAirports.length > 1 &&
        group(
          t('air.filter.arrAirport'),
          options.arrAirports.map((a) =>
            chip(f.arrAirports.includes(a.code), pick(lang, a.nameZh, a.nameEn), () => setF({ ...f, arrAirports: toggle(f.arrAirports, a.code) }), a.code),
          ),
        )}
      {group(
        t('air.filter.aircraft'),
        options.sizes.map((s) => chip(f.sizes.includes(s), t(`air.filter.size.${s}`), () => setF({ ...f, sizes: toggle(f.sizes, s) }), s)),
      )}
      {group(t('air.filter.other'), [
        chip(f.directOnly, t('air.filter.directOnly'), () => setF({ ...f, directOnly: !f.directOnly }), 'direct'),
        chip(f.bookableOnly, t('air.filter.bookableOnly'), () => setF({ ...f, bookableOnly: !f.bookableOnly }), 'bookable'),
      ])}
    </Sheet>
  )
}
