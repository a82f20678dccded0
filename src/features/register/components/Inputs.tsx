/** The small controls of the form: text, choice buttons, a list picker, phone, region. */
import { Input, Picker, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { CityNode, DictItem } from '@contracts/calls/reference'
import type { ListItem, PhoneValue, RegionValue } from '@contracts/register-form'
import { useI18n } from '../i18n'
import { fetchCities } from '../api/register'
import { pressable } from '@/ui/pressable'

export function TextInput(props: {
  name: string
  value?: string
  label: string
  onChange: (v: string) => void
  type?: 'text' | 'number' | 'idcard'
  maxlength?: number
  placeholder?: string
}) {
  const { t } = useI18n()
  return (
    <Input
      className={`reg-input reg-input--${props.name}`}
      value={props.value ?? ''}
      type={props.type ?? 'text'}
      maxlength={props.maxlength ?? 200}
      placeholder={props.placeholder ?? t('register.placeholder.text')}
      aria-label={props.label}
      onInput={(e) => props.onChange(e.detail.value)}
    />
  )
}

export function ChoiceButtons<V extends string>(props: {
  name: string
  value?: V | ''
  options: Array<{ value: V; label: string }>
  onChange: (v: V) => void
}) {
  return (
    <View className='reg-choices' role='radiogroup'>
      {props.options.map((o) => (
        <View
          key={o.value}
          className={`reg-choice reg-choice--${props.name}-${o.value} ${props.value === o.value ? 'is-on' : ''}`}
          {...pressable(() => props.onChange(o.value), { role: 'radio', checked: props.value === o.value })}
        >
          {o.label}
        </View>
      ))}
    </View>
  )
}

type Option = Pick<DictItem, 'value' | 'labelZh' | 'labelEn'> | ListItem

/** a picker over a code list; shows the chosen label or the placeholder */
export function ListPicker(props: { name: string; value?: string; options: Option[]; onChange: (v: string) => void; placeholder?: string; label: string }) {
  const { t, lang } = useI18n()
  const labels = props.options.map((o) => (lang === 'en' ? o.labelEn : o.labelZh))
  const index = props.options.findIndex((o) => o.value === props.value)
  return (
    <Picker
      mode='selector'
      range={labels}
      value={Math.max(0, index)}
      textProps={{ okText: t('common.confirm'), cancelText: t('common.cancel') }}
      onChange={(e) => props.onChange(props.options[Number(e.detail.value)]?.value ?? '')}
    >
      <View
        className={`reg-picker reg-picker--${props.name} ${index < 0 ? 'is-empty' : ''}`}
        {...pressable(undefined, { label: `${props.label}: ${index >= 0 ? labels[index] : (props.placeholder ?? t('register.placeholder.choose'))}` })}
      >
        <Text className='reg-picker__label'>{index >= 0 ? labels[index] : (props.placeholder ?? t('register.placeholder.choose'))}</Text>
        <Text className='reg-picker__arrow'>▾</Text>
      </View>
    </Picker>
  )
}

const EMPTY_PHONE: PhoneValue = { country: '+86', area: '', number: '', ext: '' }

/** spec §5 "international code - area code - number - extension" */
export function PhoneInput(props: { name: string; value?: PhoneValue; countryCodes: DictItem[]; onChange: (v: PhoneValue) => void; label: string }) {
  const { t } = useI18n()
  const v = props.value ?? EMPTY_PHONE
  const set = (k: keyof PhoneValue) => (x: string) => props.onChange({ ...v, [k]: x })
  return (
    <View className='reg-phone'>
      <View className='reg-phone__country'>
        <ListPicker
          name={`${props.name}-country`}
          value={v.country}
          options={props.countryCodes.map((c) => ({ ...c, labelZh: `${c.value} ${c.labelZh}`, labelEn: `${c.value} ${c.labelEn}` }))}
          onChange={set('country')}
          label={t('register.placeholder.countryCode')}
        />
      </View>
      <TextInput
        name={`${props.name}-area`}
        value={v.area}
        onChange={set('area')}
        type='number'
        maxlength={5}
        placeholder={t('register.placeholder.areaCode')}
        label={`${props.label} ${t('register.placeholder.areaCode')}`}
      />
      <TextInput
        name={`${props.name}-number`}
        value={v.number}
        onChange={set('number')}
        type='number'
        maxlength={12}
        placeholder={t('register.placeholder.number')}
        label={`${props.label} ${t('register.placeholder.number')}`}
      />
      <TextInput
        name={`${props.name}-ext`}
        value={v.ext}
        onChange={set('ext')}
        type='number'
        maxlength={6}
        placeholder={t('register.placeholder.ext')}
        label={`${props.label} ${t('register.placeholder.ext')}`}
      />
    </View>
  )
}

const EMPTY_REGION: RegionValue = { nation: '', province: '', city: '', county: '' }
const asOptions = (nodes: CityNode[]): ListItem[] => nodes.map((n) => ({ value: n.code, labelZh: n.name, labelEn: n.name }))

/** nation, then (for China) province → city → county from comCitys/treeList, each loaded when its parent is chosen */
export function RegionInput(props: { value?: RegionValue; nations: DictItem[]; onChange: (v: RegionValue) => void }) {
  const { t } = useI18n()
  const v = props.value ?? EMPTY_REGION
  const [provinces, setProvinces] = useState<CityNode[]>([])
  const [cities, setCities] = useState<CityNode[]>([])
  const [counties, setCounties] = useState<CityNode[]>([])
  const china = v.nation === 'CN'
  useEffect(() => {
    if (china && provinces.length === 0) fetchCities('').then(setProvinces, () => undefined)
  }, [china, provinces.length])
  useEffect(() => {
    if (china && v.province) fetchCities(v.province).then(setCities, () => undefined)
    else setCities([])
  }, [china, v.province])
  useEffect(() => {
    if (china && v.city) fetchCities(v.city).then(setCounties, () => undefined)
    else setCounties([])
  }, [china, v.city])
  return (
    <View className='reg-region'>
      <ListPicker
        name='nation'
        value={v.nation}
        options={props.nations}
        onChange={(nation) => props.onChange({ nation, province: '', city: '', county: '' })}
        placeholder={t('register.placeholder.nation')}
        label={t('register.placeholder.nation')}
      />
      {china && (
        <>
          <ListPicker
            name='province'
            value={v.province}
            options={asOptions(provinces)}
            onChange={(province) => props.onChange({ ...v, province, city: '', county: '' })}
            placeholder={t('register.placeholder.province')}
            label={t('register.placeholder.province')}
          />
          <ListPicker
            name='city'
            value={v.city}
            options={asOptions(cities)}
            onChange={(city) => props.onChange({ ...v, city, county: '' })}
            placeholder={t('register.placeholder.city')}
            label={t('register.placeholder.city')}
          />
          <ListPicker
            name='county'
            value={v.county}
            options={asOptions(counties)}
            onChange={(county) => props.onChange({ ...v, county })}
            placeholder={t('register.placeholder.county')}
            label={t('register.placeholder.county')}
          />
        </>
      )}
    </View>
  )
}
