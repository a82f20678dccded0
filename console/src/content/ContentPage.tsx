/**
 * An event's content (/admin/events/<code>/content): the registration form with its agenda, the
 * microsite, and the microsite's pictures, each on its tab (?tab=form|microsite|pictures, so a
 * tab has its own address).
 */
import { Space, Tabs, Typography } from 'antd'
import { useT } from '../lib/i18n'
import { navigate, usePath } from '../lib/router'
import { Link } from '../lib/Link'
import { ContentEditor } from './ContentEditor'
import { PicturesTab } from './PicturesTab'
import './content.css'

const TABS = ['form', 'microsite', 'pictures'] as const
type Tab = (typeof TABS)[number]

export function ContentPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const path = usePath()
  const asked = new URLSearchParams(path.split('?')[1] ?? '').get('tab')
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'form'
  const base = `/events/${encodeURIComponent(eventCode)}/content`
  return (
    <Space direction='vertical' size='large' style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('content.title', { code: eventCode })}
      </Typography.Title>
      <Link to='/'>{t('common.back')}</Link>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(`${base}?tab=${key}`, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'form', label: t('content.tab.form'), children: <ContentEditor eventCode={eventCode} kind='form' /> },
          { key: 'microsite', label: t('content.tab.microsite'), children: <ContentEditor eventCode={eventCode} kind='microsite' /> },
          { key: 'pictures', label: t('content.tab.pictures'), children: <PicturesTab eventCode={eventCode} /> },
        ]}
      />
    </Space>
  )
}
