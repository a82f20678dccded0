/**
 * One desk action in progress: the desk's transaction, the order it acts on (of the staff member's
 * event), its key and language. The domains' functions take a db: inside the desk's transaction
 * they get its tx, so their own transaction is a savepoint and their row locks are the desk's.
 */
import type { OrderKind } from '@contracts/calls/orders'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../../deps'
import type { AppDb, Tx } from '../../kernel/db/client'

export type DeskDeps = Pick<Deps, 'db' | 'now' | 'railway' | 'airline' | 'log' | 'payables' | 'searchCaches' | 'wechatPay' | 'metrics'>

export interface Acting {
  tx: Tx
  deps: DeskDeps
  kind: OrderKind
  orderId: number
  eventId: number
  key: string
  lang: Lang
  now: Date
}

export const inTx = (a: Acting): DeskDeps => ({ ...a.deps, db: a.tx as unknown as AppDb })

/** the attendee who owns the order, as the domains' functions check it */
export const ownerOf = (a: Acting, userId: number) => ({ userId, eventId: a.eventId })

/** the reason a desk refund gives the airline or the railway, in both languages */
export const DESK_REFUND_TEXT = '差旅服务台 / travel desk'
