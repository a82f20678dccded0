/** The sections of the event being worked on, by what the person's role there allows (under the main menu). */
import { Menu } from 'antd'
import { useT } from '../lib/i18n'
import { useMay } from '../lib/roles'
import { useEventRole } from '../lib/eventRole'
import { Link } from '../lib/Link'
import { EVENT_SECTIONS, sectionHref } from './event-sections'

export function EventNav({ eventCode, section }: { eventCode: string; section: string }) {
  const t = useT()
  const may = useMay()
  const role = useEventRole(eventCode)
  return (
    <nav aria-label={t('eventNav.label', { code: eventCode })} style={{ marginBottom: 16 }}>
      {/* no overflow menu: on a phone (the check-in desk) the sections wrap, instead of hiding links in an aria-hidden list */}
      <Menu
        mode='horizontal'
        disabledOverflow
        style={{ flexWrap: 'wrap' }}
        selectedKeys={[section]}
        items={EVENT_SECTIONS.filter((s) => may(role, s.action)).map((s) => ({
          key: s.path,
          label: <Link to={sectionHref(eventCode, s)}>{t(s.label)}</Link>,
        }))}
      />
    </nav>
  )
}
