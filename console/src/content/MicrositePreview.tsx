/**
 * The microsite as the attendee sees it: its pages with their titles and modules, the rich text
 * rendered as the server sanitised it (and once more here: the console shows it on its own origin).
 */
import DOMPurify from 'dompurify'
import { Card, Collapse, Space, Tag, Typography } from 'antd'
import type { MicrositePreview as Site, ModulePreviewText } from '@contracts/admin/content'
import { useConsole } from '../lib/store'
import { useT } from '../lib/i18n'

function Rich({ html }: { html: string }) {
  return <div className='content-rich' dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
}

export function MicrositePreview({ site }: { site: Site }) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const title = (x: { titleZh: string; titleEn: string }) => (lang === 'en' ? x.titleEn : x.titleZh)
  const text = (m: { zh: ModulePreviewText | null; en: ModulePreviewText | null }) => (lang === 'en' ? (m.en ?? m.zh) : (m.zh ?? m.en))
  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text strong>{title(site)}</Typography.Text>
        <Tag>{site.enabled ? t('content.siteOn') : t('content.siteOff')}</Tag>
      </Space>
      {site.pages.map((p) => (
        <Card key={p.code} size='small' title={<h3 className='content-card-title'>{`${title(p)} (${p.code}, ${p.kind})`}</h3>}>
          <Space direction='vertical' style={{ width: '100%' }}>
            {p.modules.map((m) => {
              const tx = text(m)
              return (
                <div key={m.code} className='content-module'>
                  <Typography.Text strong>{tx?.title}</Typography.Text> <Tag>{m.kind}</Tag>
                  {m.target && <code>{m.target}</code>}
                  {tx?.subtitle && <div>{tx.subtitle}</div>}
                  {m.kind === 'text' && tx && <Rich html={tx.html} />}
                </div>
              )
            })}
          </Space>
        </Card>
      ))}
      {site.articles.length > 0 && (
        <Collapse
          items={site.articles.map((a) => ({
            key: a.code,
            label: `${t('content.article')}: ${title(a)}`,
            children: <Rich html={lang === 'en' ? a.contentEn : a.contentZh} />,
          }))}
        />
      )}
      {site.albums.map((a) => (
        <div key={a.code}>{t('content.album', { title: title(a), n: a.photos })}</div>
      ))}
    </Space>
  )
}
