/** The sections of the event being worked on, by what the person's role there allows (under the main menu). */
import { Menu } from 'antd'
import type { EventAction } from '@contracts/admin/roles'
import { useT, type TextKey } from '../lib/i18n'
import { useMay } from '../lib/roles'
import { useEventRole } from '../lib/eventRole'
import { href, navigate } from '../lib/router'

const SECTIONS: ReadonlyArray<{ path: string; label: TextKey; action: EventAction }> = [
  { path: '', label: 'eventNav.settings', action: 'event.read' },
  { path: '/attendees', label: 'eventNav.attendees', action: 'attendee.read' },
  { path: '/review', label: 'eventNav.review', action: 'registration.review' },
  { path: '/team', label: 'team.link', action: 'staff.grant' },
]

export function EventNav({ eventCode, section }: { eventCode: string; section: string }) {
  const t = useT()
  const may = useMay()
  const role = useEventRole(eventCode)
  const base = `/events/${encodeURIComponent(eventCode)}`
  return (
    <nav aria-label={t('eventNav.label', { code: eventCode })} style={{ marginBottom: 16 }}>
      <Menu
        mode='horizontal'
        selectedKeys={[section]}
        items={SECTIONS.filter((s) => may(role, s.action)).map((s) => ({
          key: s.path,
          label: (
            <a
              href={href(base + s.path)}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey) return
                e.preventDefault()
                navigate(base + s.path)
              }}
            >
              {t(s.label)}
            </a>
          ),
        }))}
      />
    </nav>
  )
}
