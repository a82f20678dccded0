/** A registration's status as a coloured tag (the review queue and the attendee list). */
import { Tag } from 'antd'
import type { ReviewStatus } from '@contracts/admin/review'
import { useT } from '../lib/i18n'
import { TAG_STYLES } from '../lib/readableTags'

const STYLES = { approved: TAG_STYLES.success, auditing: TAG_STYLES.processing, rejected: TAG_STYLES.error } satisfies Record<ReviewStatus, object>

export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  const t = useT()
  return <Tag style={STYLES[status]}>{t(`status.${status}`)}</Tag>
}
