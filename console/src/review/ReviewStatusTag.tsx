/** A registration's status as a coloured tag (the review queue and the attendee list). */
import { Tag } from 'antd'
import type { ReviewStatus } from '@contracts/admin/review'
import { useT } from '../lib/i18n'

const COLOURS: Record<ReviewStatus, string> = { approved: 'success', auditing: 'processing', rejected: 'error' }

export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  const t = useT()
  return <Tag color={COLOURS[status]}>{t(`status.${status}`)}</Tag>
}
