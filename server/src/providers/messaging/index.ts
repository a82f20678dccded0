export type { MessageSender, OutgoingMessage } from './types'
export { SandboxSender } from './sandbox'
export { DevOutbox, type OutboxEntry } from './outbox'
