/**
 * The WeChat Pay sandbox's payer side (outside production, when the sandbox is in use):
 * - GET /dev/wechatpay/pay?pr=… : the page a sandbox code_url / h5_url opens (the QR code the
 *   H5 shows, scanned or opened in a browser): what is paid, for how much, and a confirm button;
 * - POST /dev/wechatpay/pay?pr=… : the payer confirms; the sandbox sends the notification;
 * - POST /dev/wechatpay/switches (this machine only): { notifications: 'deliver'|'drop',
 *   refundOutcome, failCreate } for browser tests and demos of the failure paths;
 * - POST /dev/wechatpay/notification (this machine only): { outTradeNo } → the signed notification
 *   of a paid transaction ({ url, headers, body }), not sent: a test delivers it where it wants
 *   (to every instance at once, as WeChat may reach any of them).
 * - POST /dev/wechatpay/trade (this machine only): the platform's record made to differ from ours
 *   as reality makes it, seen in the trade bill: { outTradeNo, pay: 'silently' } the payer pays and
 *   the notification is lost; { outTradeNo, amountFen } the platform took another amount;
 *   { outTradeNo, amountFen, attach, stray: true } a payment paid at the platform that our server
 *   has no row of (its transaction rolled back after asking WeChat). Answers the trade's state.
 * A prepay_id is accepted as `pr` too, so a JSAPI payment (mini-program) can be confirmed here.
 */
import type { FastifyInstance } from 'fastify'
import { SANDBOX_PAY_PAGE } from '.'
import { fromThisMachine } from '../../kernel/messaging/dev-routes'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}h1{font-size:20px}` +
  `.amount{font-size:36px;font-weight:600;margin:16px 0}.muted{color:#777;font-size:13px}button{width:100%;padding:14px;font-size:17px;` +
  `background:#07c160;color:#fff;border:0;border-radius:8px}.state{padding:12px;border-radius:8px;background:#f3f3f3}</style></head><body>${body}</body></html>`

export default async function devWechatPay(app: FastifyInstance) {
  const sandbox = app.deps.wechatPay.sandbox
  if (!sandbox) return
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body))

    scope.get<{ Querystring: { pr?: string } }>(SANDBOX_PAY_PAGE, async (req, reply) => {
      const t = typeof req.query.pr === 'string' ? await sandbox.transactionByToken(req.query.pr) : null
      reply.type('text/html; charset=utf-8')
      if (!t)
        return reply
          .status(404)
          .send(page('微信支付（沙箱）', '<h1>微信支付（沙箱） WeChat Pay (sandbox)</h1><p class="state">支付单不存在 Payment not found</p>'))
      const yuan = (t.amount!.total / 100).toFixed(2)
      const state =
        t.trade_state === 'NOTPAY'
          ? `<form method="post" action="${SANDBOX_PAY_PAGE}?pr=${encodeURIComponent(req.query.pr!)}"><button type="submit" id="confirm-pay">确认支付 Pay ¥${yuan}</button></form>`
          : `<p class="state" id="pay-state">${t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND' ? '支付成功 Paid' : '支付单已关闭 Closed'} (${escape(t.trade_state)})</p>`
      return page(
        '微信支付（沙箱）',
        `<h1>微信支付（沙箱） WeChat Pay (sandbox)</h1><p>${escape(t.description)}</p><div class="amount">¥${yuan}</div>` +
          `<p class="muted">${escape(t.out_trade_no)}</p>${state}<p class="muted">沙箱：不会扣款。Sandbox: no money moves.</p>`,
      )
    })

    scope.post<{ Querystring: { pr?: string } }>(SANDBOX_PAY_PAGE, async (req, reply) => {
      const t = typeof req.query.pr === 'string' ? await sandbox.transactionByToken(req.query.pr) : null
      if (!t) return reply.status(404).send({ state: 'ORDER_NOT_EXIST' })
      const state = await sandbox.pay(t.out_trade_no, t.payer?.openid || undefined)
      // the form posts here; a script (the weapp harness) asks for JSON
      if ((req.headers.accept ?? '').includes('application/json')) return { state }
      return reply.redirect(`${SANDBOX_PAY_PAGE}?pr=${encodeURIComponent(req.query.pr!)}`, 303)
    })

    scope.post<{ Body: { outTradeNo?: unknown } }>('/dev/wechatpay/notification', async (req, reply) => {
      if (!fromThisMachine(req)) return reply.callNotFound()
      const no = (req.body as Record<string, unknown> | null)?.outTradeNo
      const d = typeof no === 'string' ? await sandbox.notificationOf(no) : null
      if (!d) return reply.status(404).send({ state: 'ORDER_NOT_PAID' })
      return d
    })

    scope.post('/dev/wechatpay/trade', async (req, reply) => {
      if (!fromThisMachine(req)) return reply.callNotFound()
      const b = (req.body ?? {}) as Record<string, unknown>
      const no = typeof b.outTradeNo === 'string' && /^[A-Za-z0-9_|*-]{6,32}$/.test(b.outTradeNo) ? b.outTradeNo : null
      const fen = Number.isInteger(b.amountFen) && (b.amountFen as number) > 0 ? (b.amountFen as number) : null
      if (!no) return reply.status(400).send({ state: 'PARAM_ERROR' })
      if (b.stray === true && fen && typeof b.attach === 'string')
        return { state: await sandbox.strayTrade({ outTradeNo: no, amountFen: fen, attach: b.attach.slice(0, 128), description: '沙箱外的支付' }) }
      if (b.pay === 'silently') return { state: await sandbox.pay(no, undefined, { silent: true }) }
      if (fen) return { state: await sandbox.takeAnotherAmount(no, fen) }
      return reply.status(400).send({ state: 'PARAM_ERROR' })
    })

    scope.post<{ Body: { notifications?: unknown; refundOutcome?: unknown; failCreate?: unknown } }>('/dev/wechatpay/switches', async (req, reply) => {
      if (!fromThisMachine(req)) return reply.callNotFound()
      const b = (req.body ?? {}) as Record<string, unknown>
      if (b.notifications === 'deliver' || b.notifications === 'drop') sandbox.notifications = b.notifications
      if (b.refundOutcome === 'SUCCESS' || b.refundOutcome === 'PROCESSING' || b.refundOutcome === 'ABNORMAL') sandbox.refundOutcome = b.refundOutcome
      if (typeof b.failCreate === 'boolean') sandbox.failCreate = b.failCreate
      return { notifications: sandbox.notifications, refundOutcome: sandbox.refundOutcome, failCreate: sandbox.failCreate }
    })
  })
}
