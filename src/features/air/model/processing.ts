import type { AirOrderStatus } from '@contracts/air'

/**
 * The statuses in which the airline is still working on an order (pricing, issuing, refunding,
 * changing: its answer comes asynchronously). The order page reads the order again quietly in the
 * background while it is in one of them. Which buttons an order shows is the server's word
 * (AirOrderView.actions, from its state machine), not decided here.
 */
export const PROCESSING_STATUSES = ['new', 'awaitingIssue', 'refunding', 'changing'] as const satisfies readonly AirOrderStatus[]
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number]
export const isProcessing = (status: AirOrderStatus): status is ProcessingStatus => (PROCESSING_STATUSES as readonly string[]).includes(status)

/** the pauses between background reads while the order is processing: quick at first, then patient */
export const PROCESSING_POLL_MS = [2000, 3000, 5000, 8000, 13000, 20000, 30000] as const
export const processingPollDelay = (attempt: number): number => PROCESSING_POLL_MS[Math.min(Math.max(0, attempt), PROCESSING_POLL_MS.length - 1)]
