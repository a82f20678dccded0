import Taro from '@tarojs/taro'
import { Text, View, Image } from '@tarojs/components'
import { Button } from '@/ui/Button'
import type { DesignPage, Venue } from '@contracts/calls/eventday'
import { useI18n } from '../i18n'
import { toast } from '@/lib/feedback'
import { navigateTo } from '@/lib/router/navigate'
import { API_BASE_URL } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { fetchDesignPage, fetchTableSeat } from '../api'
import { useEventDayInfo } from '../hooks/useEventDayInfo'
import { ENTRY_TARGETS } from '../model/entries'
import { Paragraphs } from './Paragraphs'
import { pressable } from '@/ui/pressable'
import './eventday.scss'

/** the venue on a map: Taro.openLocation on weapp, the /open-location page on H5 */
export function openVenue(v: Venue, lang: 'zh' | 'en'): void {
  const name = lang === 'en' ? v.nameEn : v.nameZh
  const address = lang === 'en' ? v.addressEn : v.addressZh
  if (process.env.TARO_ENV === 'weapp') {
    void Taro.openLocation({ latitude: v.latitude, longitude: v.longitude, name, address, scale: 16 })
    return
  }
  void navigateTo('openLocation', { latitude: v.latitude, longitude: v.longitude, name, address })
}

function useInfoOrNotice() {
  const { t } = useI18n()
  const info = useEventDayInfo()
  const notice =
    info.data === undefined ? (
      info.status === 'error' ? (
        <Notice text={t('eventday.info.loadFailed')} action={{ label: t('common.retry'), onClick: info.retry }} />
      ) : (
        <Notice icon='…' text={t('common.loading')} />
      )
    ) : null
  return { info: info.data, notice }
}

export function VenueCard({ venue }: { venue: Venue }) {
  const { t, lang } = useI18n()
  return (
    <View className='ed-card venue-card'>
      <Text className='ed-card__title'>{t('eventday.info.venue')}</Text>
      <Text className='venue-card__name'>{lang === 'en' ? venue.nameEn : venue.nameZh}</Text>
      <Text className='ed-muted'>{lang === 'en' ? venue.addressEn : venue.addressZh}</Text>
      <Button className='venue-card__map' size='small' onClick={() => openVenue(venue, lang)}>
        {t('eventday.info.openMap')}
      </Button>
    </View>
  )
}

/** /activityInfo: the event information, with the venue */
export function ActivityInfoView() {
  const { t, lang } = useI18n()
  const { info, notice } = useInfoOrNotice()
  if (!info) return notice
  const text = lang === 'en' ? info.activityEn || info.activityZh : info.activityZh || info.activityEn
  return (
    <View className='ed-page'>
      <View className='ed-card'>{text ? <Paragraphs text={text} /> : <Text className='ed-muted'>{t('eventday.info.noActivity')}</Text>}</View>
      {info.venue && <VenueCard venue={info.venue} />}
    </View>
  )
}

/** /contactUsIndex: the organiser's contacts and the venue */
export function ContactUsView() {
  const { t, lang } = useI18n()
  const { info, notice } = useInfoOrNotice()
  if (!info) return notice
  return (
    <View className='ed-page'>
      <View className='ed-card contact-list'>
        <Text className='ed-card__title'>{t('eventday.info.contacts')}</Text>
        {info.contacts.length === 0 && <Text className='ed-muted'>{t('eventday.info.noContacts')}</Text>}
        {info.contacts.map((c, i) => (
          <View key={i} className='contact-list__row'>
            <Text className='contact-list__name'>{lang === 'en' ? c.nameEn : c.nameZh}</Text>
            <Text className='ed-muted'>{lang === 'en' ? c.roleEn : c.roleZh}</Text>
            {c.phone && (
              <Text className='contact-list__link' {...pressable(() => void Taro.makePhoneCall({ phoneNumber: c.phone }).catch(() => undefined))}>
                ☎ {c.phone}
              </Text>
            )}
            {c.email && (
              <Text
                className='contact-list__link'
                {...pressable(
                  () =>
                    void Taro.setClipboardData({ data: c.email }).then(
                      () => toast(t('eventday.info.copied')),
                      () => undefined,
                    ),
                )}
              >
                ✉ {c.email}
              </Text>
            )}
          </View>
        ))}
      </View>
      {info.venue && <VenueCard venue={info.venue} />}
    </View>
  )
}

/** /tableNumIndex: the attendee's table and seat (public page: a guest is asked to log in) */
export function TableNumView() {
  const { t, lang } = useI18n()
  const token = useAppStore((s) => s.token)
  const q = useQuery(token ? `table:${token}` : null, fetchTableSeat)
  if (!token) return <Notice text={t('eventday.info.tableLogin')} action={{ label: t('eventday.checkin.goLogin'), onClick: () => void navigateTo('login') }} />
  if (q.status === 'error') return <Notice text={t('eventday.info.loadFailed')} action={{ label: t('common.retry'), onClick: q.retry }} />
  if (q.status !== 'success') return <Notice icon='…' text={t('common.loading')} />
  if (!q.data) return <Notice text={t('eventday.info.noTable')} />
  return (
    <View className='ed-page'>
      <View className='ed-card table-card'>
        <Text className='ed-card__title'>{t('eventday.info.tableTitle')}</Text>
        <Text className='table-card__no'>{t('eventday.info.table', { no: q.data.tableNo })}</Text>
        {q.data.seatNo && <Text className='table-card__seat'>{t('eventday.info.seat', { no: q.data.seatNo })}</Text>}
        <Text className='ed-muted'>{lang === 'en' ? q.data.hallEn : q.data.hallZh}</Text>
      </View>
    </View>
  )
}

const fileUrl = (url: string) => (url.startsWith('/') ? API_BASE_URL + url : url)

/** an organiser-designed page: headings, texts, pictures, dividers and buttons to entries */
export function DesignBlocks({ page }: { page: DesignPage }) {
  const { lang } = useI18n()
  const pick = (zh: string, en: string) => (lang === 'en' ? en || zh : zh || en)
  return (
    <View className='ed-page design-page'>
      {page.blocks.map((b, i) => {
        switch (b.type) {
          case 'heading':
            return (
              <Text key={i} className='design-page__heading'>
                {pick(b.zh, b.en)}
              </Text>
            )
          case 'text':
            return <Paragraphs key={i} text={pick(b.zh, b.en)} className='design-page__text' />
          case 'image':
            return <Image key={i} className='design-page__image' mode='widthFix' src={fileUrl(b.url)} aria-label={pick(b.altZh, b.altEn)} />
          case 'divider':
            return <View key={i} className='design-page__divider' />
          case 'entry': {
            const target = ENTRY_TARGETS[b.entry]
            return target?.route ? (
              <Button key={i} type='primary' className='design-page__button' onClick={() => void navigateTo(target.route!, target.query)}>
                {pick(b.labelZh, b.labelEn)}
              </Button>
            ) : null
          }
          default:
            return null
        }
      })}
    </View>
  )
}

/** /designIndex and /customTempIndex: the page of that kind (by ?pageCode=, else the first) */
export function DesignPageView({ kind, pageCode }: { kind: 'design' | 'custom'; pageCode?: string }) {
  const { t } = useI18n()
  const eventCode = useAppStore((s) => s.eventCode)
  const q = useQuery(eventCode ? `design:${eventCode}:${kind}:${pageCode ?? ''}` : null, () => fetchDesignPage({ eventCode: eventCode!, kind, pageCode }))
  if (q.status === 'error') return <Notice text={t('eventday.info.pageMissing')} action={{ label: t('common.retry'), onClick: q.retry }} />
  if (!q.data) return <Notice icon='…' text={t('common.loading')} />
  return <DesignBlocks page={q.data} />
}
