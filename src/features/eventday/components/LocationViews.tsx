import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import { useI18n } from '../i18n'
import { toast } from '@/lib/feedback'
import { goBack } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { TextField } from '@/ui/TextField'
import { coordinatesOf, mapAppUrl } from '../model/location'
import './eventday.scss'

/**
 * /open-location (H5; weapp uses Taro.openLocation): the place, its coordinates and a link that
 * opens it in the phone's map application, which draws the map and the way there.
 */
export function OpenLocationView({ params }: { params: Record<string, string | undefined> }) {
  const { t } = useI18n()
  const at = coordinatesOf(params.latitude, params.longitude)
  if (!at) return <Notice text={t('eventday.location.noLocation')} />
  const name = params.name ? decodeURIComponent(params.name) : ''
  const address = params.address ? decodeURIComponent(params.address) : ''
  return (
    <View className='location-page'>
      <View className='location-page__map' aria-hidden>
        <View className='location-page__pin' />
      </View>
      <Text className='location-page__name'>{name}</Text>
      <Text className='ed-muted'>{address}</Text>
      <Text className='location-page__coords'>
        {at.latitude.toFixed(5)}, {at.longitude.toFixed(5)}
      </Text>
      <Button type='primary' className='location-page__open' onClick={() => window.open(mapAppUrl({ ...at, name }), '_blank', 'noopener')}>
        {t('eventday.location.openInMap')}
      </Button>
    </View>
  )
}

/** the event the choice is sent with (Taro.eventCenter), for whoever opened /choose-location */
export const CHOOSE_LOCATION_EVENT = 'eventday:chooseLocation'

/** /choose-location (H5): a place by its coordinates, typed or from the browser's position */
export function ChooseLocationView() {
  const { t } = useI18n()
  const [lat, setLat] = useState('')
  const [lng, setLng] = useState('')
  const here = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLat(p.coords.latitude.toFixed(6))
        setLng(p.coords.longitude.toFixed(6))
      },
      () => toast(t('eventday.location.invalid')),
    )
  }
  const confirm = () => {
    const at = coordinatesOf(lat, lng)
    if (!at) {
      toast(t('eventday.location.invalid'))
      return
    }
    Taro.eventCenter.trigger(CHOOSE_LOCATION_EVENT, at)
    toast(t('eventday.location.chosen', { lat: at.latitude, lng: at.longitude }))
    goBack()
  }
  return (
    <View className='location-page'>
      <Text className='ed-muted'>{t('eventday.location.chooseHint')}</Text>
      <TextField name='latitude' label={t('eventday.location.latitude')} value={lat} placeholder='31.2397' onChange={setLat} />
      <TextField name='longitude' label={t('eventday.location.longitude')} value={lng} placeholder='121.4998' onChange={setLng} />
      <Button className='location-page__here' onClick={here}>
        {t('eventday.location.here')}
      </Button>
      <Button type='primary' className='location-page__confirm' onClick={confirm}>
        {t('eventday.location.confirm')}
      </Button>
    </View>
  )
}
