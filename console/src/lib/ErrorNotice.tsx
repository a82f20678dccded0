/** A refusal of the server (or of the network), read out by screen readers as it appears. */
import { Alert } from 'antd'

export function ErrorNotice({ message }: { message: string | null }) {
  if (!message) return null
  return <Alert type='error' showIcon title={message} role='alert' style={{ marginBottom: 16 }} />
}
