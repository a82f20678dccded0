/** A message's delivery state as a coloured tag. */
import { Tag } from 'antd'
import type { MessageState } from '@contracts/admin/message-log'
import { useT } from '../lib/i18n'
import { TAG_STYLES } from '../lib/readableTags'

const STYLES = { sent: TAG_STYLES.success, queued: TAG_STYLES.processing, failed: TAG_STYLES.error } satisfies Record<MessageState, object>

export function MessageStateTag({ state }: { state: MessageState }) {
  const t = useT()
  return <Tag style={STYLES[state]}>{t(`messages.state.${state}`)}</Tag>
}
