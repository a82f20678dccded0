/**
 * What a sender throws when the gateway did not take a message. It names the provider and its
 * reason code only: gateway errors often quote the recipient (an SMTP "550 <lilei@…> unknown"),
 * and this error is logged, so the original is deliberately not kept as `cause`.
 */
export class MessageSendError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
    /** the provider's id of the attempt, for its support desk */
    readonly requestId?: string,
  ) {
    super(`${provider}: ${reason}`)
    this.name = 'MessageSendError'
  }
}
