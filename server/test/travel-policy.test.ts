/** travel/rules/travel-policy.ts: train and flight offers against a policy, table by table. */
import { DEMO_TRAVEL_POLICY } from '../src/train/seed'
import { DEFAULT_TRAVEL_POLICY, checkFlightOffer, checkTrainOffer, overPolicyDecision, standardOf, verdictOf } from '../src/travel/rules/travel-policy'

const p = DEMO_TRAVEL_POLICY

describe('train offers', () => {
  it.each([
    ['G', 'second', '上海', '北京', []],
    ['G', 'noSeat', '上海', '北京', []],
    ['G', 'first', '上海', '北京', ['trainSeatType']],
    ['G', 'business', '上海', '北京', ['trainSeatType']],
    ['D', 'softSleeper', '上海', '北京', ['trainSeatType']],
    ['Z', 'softSleeper', '上海', '北京', []],
    ['T', 'softSleeper', '上海', '北京', ['trainSeatType']],
    ['K', 'hardSleeper', '上海', '北京', []],
    ['G', 'second', '上海', '哈尔滨', ['route']],
    ['G', 'first', '拉萨', '哈尔滨', ['trainSeatType', 'route']],
  ] as const)('%s %s %s→%s breaks %j', (trainType, seatType, fromCity, toCity, rules) => {
    expect(checkTrainOffer(p, { trainType, seatType, fromCity, toCity }, 'zh').map((b) => b.rule)).toEqual(rules)
  })

  it("says what breaks in the caller's language", () => {
    const [zh] = checkTrainOffer(p, { trainType: 'G', seatType: 'first', fromCity: '上海', toCity: '北京' }, 'zh')
    const [en] = checkTrainOffer(p, { trainType: 'G', seatType: 'first', fromCity: '上海', toCity: '北京' }, 'en')
    expect(zh.text).toBe('G字头车次可订二等座、无座，一等座超标')
    expect(en.text).toBe('G trains: second class, standing allowed, first class is outside the policy')
  })

  it('the default policy allows every seat anywhere', () => {
    expect(checkTrainOffer(DEFAULT_TRAVEL_POLICY, { trainType: 'G', seatType: 'business', fromCity: '拉萨', toCity: '三亚' }, 'en')).toEqual([])
  })

  it('a product the event does not offer is a breach', () => {
    const noTrain = { ...p, visibleProducts: ['flight' as const] }
    expect(checkTrainOffer(noTrain, { trainType: 'G', seatType: 'second', fromCity: '上海', toCity: '北京' }, 'en').map((b) => b.rule)).toEqual(['product'])
  })
})

describe('flight offers', () => {
  it.each([
    ['economy', 80, 150_000, []],
    ['economy', 81, 150_000, ['flightDiscount']],
    ['economy', 80, 150_001, ['flightPrice']],
    ['business', 100, 300_000, ['flightCabinClass', 'flightDiscount', 'flightPrice']],
    ['premiumEconomy', 50, 90_000, ['flightCabinClass']],
  ] as const)('%s at %i%% and %i fen breaks %j', (cabinClass, discountPercent, priceFen, rules) => {
    expect(checkFlightOffer(p, { cabinClass, discountPercent, priceFen, fromCity: '上海', toCity: '北京' }, 'zh').map((b) => b.rule)).toEqual(rules)
  })

  it('no caps: any discount and price', () => {
    expect(
      checkFlightOffer(DEFAULT_TRAVEL_POLICY, { cabinClass: 'first', discountPercent: 150, priceFen: 9_999_999, fromCity: 'x', toCity: 'y' }, 'en'),
    ).toEqual([])
  })

  it('texts carry the numbers', () => {
    const out = checkFlightOffer(p, { cabinClass: 'economy', discountPercent: 95, priceFen: 160_050, fromCity: '上海', toCity: '北京' }, 'en')
    expect(out.map((b) => b.text)).toEqual(['Discount level 95% is above the cap of 80%', 'Fare ¥1600.50 is above the cap of ¥1500'])
  })
})

describe('over-policy decisions', () => {
  const seat = checkTrainOffer(p, { trainType: 'G', seatType: 'first', fromCity: '上海', toCity: '北京' }, 'zh')
  it.each([
    ['reason', [], '', 'inside'],
    ['reason', seat, '', 'reasonMissing'],
    ['reason', seat, '   ', 'reasonMissing'],
    ['reason', seat, '客户要求', 'allowedWithReason'],
    ['block', seat, '客户要求', 'blocked'],
  ] as const)('%s with %j and reason %j → %s', (overPolicy, breaches, reason, decision) => {
    expect(overPolicyDecision({ ...p, overPolicy }, [...breaches], reason)).toBe(decision)
  })

  it('a product breach is never allowed with a reason', () => {
    expect(overPolicyDecision(p, [{ rule: 'product', text: '' }], 'why not')).toBe('blocked')
  })

  it('verdict and standard', () => {
    expect(verdictOf(p, seat)).toEqual({ withinPolicy: false, overPolicy: 'reason', breaches: seat })
    expect(standardOf(p, 'zh').train.seatsByTrainType.G).toEqual(['second', 'noSeat'])
    expect(standardOf(p, 'zh').flight).toEqual({ cabinClasses: ['economy'], maxDiscountPercent: 80, maxPriceFen: 150_000 })
  })

  it('the reasons offered are in the caller language, and none when outside the policy is refused', () => {
    const reasons = [{ zh: '身体原因', en: 'Health reasons' }]
    expect(standardOf({ ...p, overPolicyReasons: reasons }, 'zh').overPolicyReasons).toEqual(['身体原因'])
    expect(standardOf({ ...p, overPolicyReasons: reasons }, 'en').overPolicyReasons).toEqual(['Health reasons'])
    expect(standardOf({ ...p, overPolicy: 'block', overPolicyReasons: reasons }, 'en').overPolicyReasons).toEqual([])
  })
})
