/**
 * The WeChat Pay sandbox's transactions, refunds and payer tokens. Given a store (sandbox-store.ts,
 * on the database the instances share), every read goes to it and every write names the version it
 * read, so instances are one platform; this instance keeps copies and their versions. Without a
 * store, the copies are the records (a restarted sandbox forgets its payments).
 */
import type { WxRefund, WxTransaction } from './types'
import type { SandboxStore } from './sandbox-store'

export interface SandboxTransaction extends WxTransaction {
  description: string
  notify_url: string
  time_expire: string
  prepay_id?: string
  /** the token in the code_url / h5_url of the confirmation page */
  payToken: string
}

const txKey = (outTradeNo: string) => `tx:${outTradeNo}`
const tokenKey = (token: string) => `token:${token}`
const refundKey = (outRefundNo: string) => `refund:${outRefundNo}`

export class SandboxRecords {
  private readonly transactions = new Map<string, SandboxTransaction>()
  private readonly byToken = new Map<string, string>()
  private readonly refunds = new Map<string, WxRefund>()
  /** the store's version of each record this instance holds a copy of */
  private readonly versions = new Map<string, number>()

  constructor(private readonly store: SandboxStore | null) {}

  /** the record as the store has it now: this instance's copy while no other instance changed it */
  private async fresh<T>(key: string, mine: Map<string, T>, id: string): Promise<T | null> {
    if (!this.store) return mine.get(id) ?? null
    const row = await this.store.read(key)
    if (!row) return null
    if (!mine.has(id) || this.versions.get(key) !== row.version) {
      mine.set(id, row.data as T)
      this.versions.set(key, row.version)
    }
    return mine.get(id)!
  }

  /** keeps `next` as the record's state; false: another write came first (read it again) */
  private async put<T>(key: string, mine: Map<string, T>, id: string, next: T, isNew: boolean): Promise<boolean> {
    if (this.store) {
      const version = isNew ? null : (this.versions.get(key) ?? 1)
      if (!(await this.store.write(key, next, version))) return false
      this.versions.set(key, (version ?? 0) + 1)
    }
    mine.set(id, next)
    return true
  }

  transaction(outTradeNo: string): Promise<SandboxTransaction | null> {
    return this.fresh(txKey(outTradeNo), this.transactions, outTradeNo)
  }

  /** false: a transaction of that number was written first (by another instance) */
  addTransaction(t: SandboxTransaction): Promise<boolean> {
    return this.put(txKey(t.out_trade_no), this.transactions, t.out_trade_no, t, true)
  }

  /** applies `change` to the transaction's latest state until it is written; null: no such transaction */
  async changeTransaction(outTradeNo: string, change: (t: SandboxTransaction) => SandboxTransaction): Promise<SandboxTransaction | null> {
    for (;;) {
      const t = await this.transaction(outTradeNo)
      if (!t) return null
      const next = change(t)
      if (next === t || (await this.put(txKey(outTradeNo), this.transactions, outTradeNo, next, false))) return next
    }
  }

  /** this instance's copy as it last read or wrote it (tests of one instance) */
  copyOf(outTradeNo: string): SandboxTransaction | null {
    return this.transactions.get(outTradeNo) ?? null
  }

  async keepToken(token: string, outTradeNo: string): Promise<void> {
    this.byToken.set(token, outTradeNo)
    await this.store?.write(tokenKey(token), { outTradeNo }, null)
  }

  /** the transaction a payer's token names, whichever instance made it */
  async transactionByToken(token: string): Promise<SandboxTransaction | null> {
    const no = this.store ? ((await this.store.read(tokenKey(token)))?.data as { outTradeNo: string } | undefined)?.outTradeNo : this.byToken.get(token)
    return no ? this.transaction(no) : null
  }

  refund(outRefundNo: string): Promise<WxRefund | null> {
    return this.fresh(refundKey(outRefundNo), this.refunds, outRefundNo)
  }

  /** false: a refund of that number was written first (by another instance) */
  addRefund(r: WxRefund): Promise<boolean> {
    return this.put(refundKey(r.out_refund_no), this.refunds, r.out_refund_no, r, true)
  }

  async refundsOf(outTradeNo: string): Promise<WxRefund[]> {
    const all = this.store ? (await this.store.where('refund:', 'out_trade_no', outTradeNo)).map((r) => r.data as WxRefund) : [...this.refunds.values()]
    return all.filter((r) => r.out_trade_no === outTradeNo)
  }

  /** every transaction and refund of the platform: the store's when shared, else this instance's */
  async all(): Promise<{ transactions: SandboxTransaction[]; refunds: WxRefund[] }> {
    if (!this.store) return { transactions: [...this.transactions.values()], refunds: [...this.refunds.values()] }
    const [tx, refunds] = await Promise.all([this.store.under('tx:'), this.store.under('refund:')])
    return { transactions: tx.map((r) => r.data as SandboxTransaction), refunds: refunds.map((r) => r.data as WxRefund) }
  }

  /** this instance's copies forgotten, as a sandbox started anew */
  forget(): void {
    for (const m of [this.transactions, this.byToken, this.refunds, this.versions]) m.clear()
  }
}
