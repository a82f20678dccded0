/**
 * WeChat Pay's trade bill: the file read as WeChat writes it (backtick fields, yuan amounts, the
 * summary checked against the lines, columns found by name), and the sandbox's bill of a China
 * day downloaded through the client (the link's signed answer, the file's hash) from the sandbox's
 * own payments and refunds.
 */
import { WechatPaySandbox } from '../src/payments/wechatpay/sandbox'
import { billHash, parseTradeBill, TradeBillFormatError, yuanToFen } from '../src/payments/wechatpay/trade-bill'
import { BILL_LINK_MS, billLink, dayOfBillToken } from '../src/payments/wechatpay/sandbox-bill'
import { createWechatPay, WechatPayError, type WechatPayGateway } from '../src/payments/wechatpay'
import { WechatPayV3Client } from '../src/payments/wechatpay/v3-client'

/** a bill as the merchant platform hands one out: a payment of 128.50, one of 20.00 with a comma in its name, a partial refund of the first */
const SAMPLE = [
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
  '`2026-11-20 09:15:02,`wx8888888888888888,`1900000109,`0,`,`4200001234202611200000000001,`TRAI20261120011502123456789012,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`JSAPI,`SUCCESS,`CMB_DEBIT,`CNY,`128.50,`0.00,`0,`0,`0.00,`0.00,`,`,`G2 上海虹桥-北京南,`event:1,`0.77000,`0.60%,`128.50,`0.00,`',
  '`2026-11-20 10:00:00,`wx8888888888888888,`1900000109,`0,`,`4200001234202611200000000002,`FLIG20261120020000123456789012,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`NATIVE,`SUCCESS,`OTHERS,`CNY,`20.00,`0.00,`0,`0,`0.00,`0.00,`,`,`改签,差价,`event:2,`0.12000,`0.60%,`20.00,`0.00,`',
  '`2026-11-20 18:40:11,`wx8888888888888888,`1900000109,`0,`,`4200001234202611200000000001,`TRAI20261120011502123456789012,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`JSAPI,`REFUND,`CMB_DEBIT,`CNY,`128.50,`0.00,`50300001234202611200000000001,`TRAI20261120011502123456789012R1,`56.00,`0.00,`ORIGINAL,`SUCCESS,`G2 上海虹桥-北京南,`event:1,`-0.34000,`0.60%,`128.50,`56.00,`',
  '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
  '`3,`148.50,`56.00,`0.00,`0.55000,`148.50,`56.00',
].join('\r\n')

describe('reading a bill', () => {
  it('reads the lines: numbers, states, amounts in fen, the attach; a comma inside a name stays in it', () => {
    const bill = parseTradeBill('\uFEFF' + SAMPLE + '\r\n')
    expect(bill.summary).toEqual({ count: 3, refundFen: 5600 })
    expect(bill.rows.map((r) => [r.tradeState, r.outTradeNo, r.totalFen, r.outRefundNo, r.refundFen, r.refundStatus, r.attach])).toEqual([
      ['SUCCESS', 'TRAI20261120011502123456789012', 12850, '', 0, '', 'event:1'],
      ['SUCCESS', 'FLIG20261120020000123456789012', 2000, '', 0, '', 'event:2'],
      ['REFUND', 'TRAI20261120011502123456789012', 12850, 'TRAI20261120011502123456789012R1', 5600, 'SUCCESS', 'event:1'],
    ])
    expect(bill.rows[1].description).toBe('改签,差价')
    expect(bill.rows[0].time).toBe('2026-11-20 09:15:02')
  })

  it('finds the columns by name, whatever their order', () => {
    const lines = SAMPLE.split('\r\n')
    const swap = (line: string, sep: string) => {
      const f = line.split(sep)
      ;[f[0], f[6]] = [f[6], f[0]]
      return f.join(sep)
    }
    const moved = [swap(lines[0], ','), ...lines.slice(1, 4).map((l) => '`' + swap(l.slice(1), ',`')), ...lines.slice(4)].join('\n')
    expect(parseTradeBill(moved).rows[0]).toMatchObject({ outTradeNo: 'TRAI20261120011502123456789012', time: '2026-11-20 09:15:02' })
  })

  it('refuses a cut, garbled or inconsistent file rather than reading half a day', () => {
    const lines = SAMPLE.split('\r\n')
    const bad = [
      lines.slice(0, 3).join('\n'), // no summary
      [...lines.slice(0, 2), ...lines.slice(3)].join('\n'), // a line lost: the count disagrees
      [...lines.slice(0, 5), '`3,`148.50,`55.00,`0.00,`0.55000,`148.50,`56.00'].join('\n'), // refunds disagree
      [lines[0], lines[1].replace(/`/g, ''), ...lines.slice(2)].join('\n'), // no backticks
      [lines[0].replace('商户订单号', '订单'), ...lines.slice(1)].join('\n'), // a needed column missing
      [lines[0], lines[1].replaceAll('`128.50', '`12.8.5'), ...lines.slice(2)].join('\n'),
      'not a bill',
    ]
    for (const text of bad) expect(() => parseTradeBill(text)).toThrow(TradeBillFormatError)
  })

  it('turns yuan into fen exactly', () => {
    expect([yuanToFen('0.01'), yuanToFen('128.5'), yuanToFen('128.50'), yuanToFen('3'), yuanToFen('-0.34'), yuanToFen('19.99')]).toEqual([
      1, 12850, 12850, 300, -34, 1999,
    ])
    for (const bad of ['', '1.234', '1,00', 'abc', '1.']) expect(() => yuanToFen(bad)).toThrow(TradeBillFormatError)
  })
})

describe('the sandbox’s bill through the client', () => {
  let clock: Date
  let sandbox: WechatPaySandbox
  let gateway: WechatPayGateway
  beforeEach(() => {
    clock = new Date('2026-11-20T15:30:00Z') // 23:30 in China
    const w = createWechatPay({ provider: 'sandbox', notifyUrl: 'http://localhost/api/flight/pay/orderPayNotify' } as never, () => clock)
    sandbox = w.sandbox!
    gateway = w.gateway!
  })
  const make = (no: string, fen: number, attach = 'event:7') =>
    gateway.createNative({
      outTradeNo: no,
      description: '测试',
      amountFen: fen,
      expiresAt: new Date(clock.getTime() + 7_200_000),
      notifyUrl: 'http://x/n',
      attach,
    })

  it('lists each payment on its China day, and refunds on the day WeChat accepted them', async () => {
    await make('TEST000000000001', 12850)
    await make('TEST000000000002', 2000)
    await sandbox.pay('TEST000000000001')
    clock = new Date('2026-11-20T16:10:00Z') // 00:10 the next day in China
    await sandbox.pay('TEST000000000002')
    await gateway.refund({
      outTradeNo: 'TEST000000000001',
      outRefundNo: 'TEST000000000001R1',
      amountFen: 5600,
      totalFen: 12850,
      reason: '',
      notifyUrl: 'http://x/r',
    })
    const first = await gateway.tradeBill('2026-11-20')
    expect(first.rows.map((r) => [r.tradeState, r.outTradeNo, r.totalFen, r.attach, r.time])).toEqual([
      ['SUCCESS', 'TEST000000000001', 12850, 'event:7', '2026-11-20 23:30:00'],
    ])
    const second = await gateway.tradeBill('2026-11-21')
    expect(second.rows.map((r) => [r.tradeState, r.outTradeNo, r.outRefundNo, r.refundFen, r.refundStatus])).toEqual([
      ['SUCCESS', 'TEST000000000002', '', 0, ''],
      ['REFUND', 'TEST000000000001', 'TEST000000000001R1', 5600, 'SUCCESS'],
    ])
    expect(second.summary).toEqual({ count: 2, refundFen: 5600 })
  })

  it('shows what the platform took when it differs, and a trade our server never recorded', async () => {
    await make('TEST000000000003', 1000)
    await sandbox.pay('TEST000000000003', undefined, { silent: true })
    expect(sandbox.sent).toHaveLength(0)
    await sandbox.takeAnotherAmount('TEST000000000003', 990)
    expect(await sandbox.strayTrade({ outTradeNo: 'TEST000000000004', amountFen: 500, attach: 'event:7', description: '外部' })).toBe('SUCCESS')
    const bill = await gateway.tradeBill('2026-11-20')
    expect(bill.rows.map((r) => [r.outTradeNo, r.totalFen])).toEqual([
      ['TEST000000000003', 990],
      ['TEST000000000004', 500],
    ])
  })

  it('has no bill of a day not begun; unsigned asks are refused; an empty day is an empty bill', async () => {
    await expect(gateway.tradeBill('2026-11-21')).rejects.toMatchObject({ code: 'NO_STATEMENT_EXIST' })
    await expect(gateway.tradeBill('2026-02-30')).rejects.toBeInstanceOf(WechatPayError)
    const link = JSON.parse(
      (await sandbox.handle({ method: 'GET', url: '/v3/bill/tradebill?bill_date=2026-11-20&bill_type=ALL', headers: {}, body: '' })).body,
    ) as { code: string }
    expect(link.code).toBe('SIGN_ERROR') // unsigned requests are refused as every other call
    expect(await gateway.tradeBill('2026-11-20')).toEqual({ rows: [], summary: { count: 0, refundFen: 0 } })
  })

  it('refuses a downloaded file other than the one the signed answer described', async () => {
    await make('TEST000000000005', 1000)
    await sandbox.pay('TEST000000000005')
    const altered = new WechatPayV3Client({
      appId: sandbox.appId,
      merchant: sandbox.merchant,
      apiV3Key: sandbox.apiV3Key,
      platformKeys: sandbox.platformKeys,
      now: () => clock,
      timestampWindowSeconds: 300,
      officialAccountAppId: null,
      exchangeCode: async () => null,
      // on the way, the file's amount is changed: the hash no longer matches
      transport: async (req) => {
        const res = await sandbox.handle(req)
        return req.url.startsWith('/v3/billdownload/') ? { ...res, body: res.body.replace('`10.00', '`1.00') } : res
      },
    })
    await expect(altered.tradeBill('2026-11-20')).rejects.toMatchObject({ code: 'BILL_HASH_MISMATCH' })
    expect((await gateway.tradeBill('2026-11-20')).rows).toHaveLength(1)
  })

  it('gives download links for five minutes, signed: a stale or altered one is refused', () => {
    const link = billLink('2026-11-20', 'text', sandbox.apiV3Key, clock)
    const token = new URL(link.download_url).searchParams.get('token')!
    expect(dayOfBillToken(token, sandbox.apiV3Key, new Date(clock.getTime() + BILL_LINK_MS))).toEqual({ day: '2026-11-20' })
    expect(dayOfBillToken(token, sandbox.apiV3Key, new Date(clock.getTime() + BILL_LINK_MS + 1))).toHaveProperty('refused')
    const [payload, mac] = token.split('.')
    const other = Buffer.from(JSON.stringify({ day: '2026-11-19', until: clock.getTime() + BILL_LINK_MS })).toString('base64url')
    expect(dayOfBillToken(`${other}.${mac}`, sandbox.apiV3Key, clock)).toHaveProperty('refused')
    expect(dayOfBillToken(`${payload}.${mac}`, 'another key', clock)).toHaveProperty('refused')
    expect(link.hash_value).toBe(billHash('text'))
  })
})
