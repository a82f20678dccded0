/** Published or not, in colours dark enough to read (the preset green tag's text is too pale on its background). */
import { Tag } from 'antd'
import { useT } from '../lib/i18n'

const PUBLISHED = { color: '#135200', background: '#f6ffed', borderColor: '#95de64' }
const DRAFT = { color: 'rgba(0, 0, 0, 0.85)', background: '#fafafa', borderColor: '#d9d9d9' }

export function StatusTag({ published }: { published: boolean }) {
  const t = useT()
  return <Tag style={published ? PUBLISHED : DRAFT}>{published ? t('events.published') : t('events.draft')}</Tag>
}
