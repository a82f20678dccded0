import type { MsgId, MsgParams } from '@contracts/messages'

/**
 * A business answer: the error handler turns it into the envelope `{status: 0, msgId, msgText}`
 * in the caller's language. httpStatus stays 200 for business errors (contracts/envelope.ts).
 * `params` fill the text's placeholders (`{seconds}` …).
 */
export class AppError extends Error {
  constructor(
    readonly msgId: MsgId,
    readonly httpStatus = 200,
    readonly params?: MsgParams,
  ) {
    super(msgId)
    this.name = 'AppError'
  }
}
