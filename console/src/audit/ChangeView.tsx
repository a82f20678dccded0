/** The fields an audit entry changed, before and after. */
import { Typography } from 'antd'
import type { AuditEntry } from '@contracts/admin/audit'
import { useT } from '../lib/i18n'

const show = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v))

export function ChangeView({ entry }: { entry: AuditEntry }) {
  const t = useT()
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
  if (!keys.length) return <Typography.Text type='secondary'>{t('audit.none')}</Typography.Text>
  return (
    <dl style={{ margin: 0 }}>
      {keys.map((k) => (
        <div key={k}>
          <dt style={{ fontWeight: 600 }}>{k}</dt>
          <dd style={{ margin: '0 0 4px 0', wordBreak: 'break-word' }}>
            {entry.before && (
              <>
                <span className='audit-label'>{t('audit.before')}: </span>
                <del>{show(entry.before[k])}</del>{' '}
              </>
            )}
            {entry.after && (
              <>
                <span className='audit-label'>{t('audit.after')}: </span>
                <ins>{show(entry.after[k])}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}
