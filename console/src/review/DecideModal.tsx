/** Approving or rejecting the chosen registrations, with a reason the attendee is told (required to reject). */
import { Form, Input, Modal } from 'antd'
import type { ReviewDecision } from '@contracts/admin/review'
import { REVIEW_RULES } from '@contracts/admin/review-rules'
import { useT } from '../lib/i18n'

interface Props {
  decision: ReviewDecision
  count: number
  busy: boolean
  onCancel: () => void
  onDecide: (reason: string) => void
}

export function DecideModal({ decision, count, busy, onCancel, onDecide }: Props) {
  const t = useT()
  const [form] = Form.useForm<{ reason: string }>()
  const reject = decision === 'rejected'
  return (
    <Modal
      open
      title={reject ? t('review.rejectTitle', { count }) : t('review.approveTitle', { count })}
      okText={reject ? t('review.reject') : t('review.approve')}
      okButtonProps={{ danger: reject, loading: busy }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} name='decide' layout='vertical' onFinish={(v) => onDecide((v.reason ?? '').trim())}>
        <Form.Item
          label={t('review.reason')}
          name='reason'
          extra={t('review.reasonHelp')}
          rules={reject ? [{ required: true, whitespace: true, message: t('review.reasonRequired') }] : []}
        >
          <Input.TextArea rows={3} maxLength={REVIEW_RULES.reasonMaxLength} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
