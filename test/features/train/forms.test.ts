/**
 * The train forms' checks (spec §5 train messages; children): railway login, saved traveller
 * (documents as registration checks them), reservation (passengers, children, contact, policy
 * reason, agreement) and what is sent.
 */
import { emptyRailwayLogin, validateRailwayLogin } from '@/features/train/model/railwayLogin'
import { emptyPassengerForm, maskDocument, saveTravellerRequestOf, validatePassenger, type PassengerFormValues } from '@/features/train/model/passengerForm'
import { draftKeyOf, emptyDraft, fareFen, saveOrderRequestOf, validateReservation } from '@/features/train/model/reservation'
import type { TrainDraft, TrainDraftPassenger } from '@/store/trainSlice'

describe('validateRailwayLogin', () => {
  it.each<[string, Partial<typeof emptyRailwayLogin>, string | null]>([
    ['nothing typed', {}, 'train.login.enterAccount'],
    ['no password', { account: 'demo' }, 'train.login.enterAccount'],
    ['spaces only', { account: '  ', password: 'x' }, 'train.login.enterAccount'],
    ['not agreed', { account: 'demo', password: 'x' }, 'train.login.agreeFirst'],
    ['complete', { account: 'demo', password: 'x', agreed: true }, null],
  ])('%s', (_n, v, msg) => expect(validateRailwayLogin({ ...emptyRailwayLogin, ...v })).toBe(msg))
})

describe('validatePassenger', () => {
  // 11010519491231002X: a real GB 11643 number (check digit X)
  const ok: PassengerFormValues = { name: '张三', documentType: 'idCard', documentNumber: '11010519491231002X', passengerType: 'adult', mobile: '13800138000' }
  const today = new Date('2026-11-22T00:00:00+08:00')
  it.each<[string, Partial<PassengerFormValues>, string | null]>([
    ['complete', {}, null],
    ['no name', { name: ' ' }, 'train.passenger.enterName'],
    ['a name no document carries', { name: '张3' }, 'train.passenger.nameInvalid'],
    ['Latin name', { name: 'Li Lei', documentType: 'passport', documentNumber: 'E12345678' }, null],
    ['no number', { documentNumber: '' }, 'train.passenger.enterDocument'],
    ['ID card too short', { documentNumber: '1101051949' }, 'train.passenger.documentFormat'],
    ['ID card wrong check digit', { documentNumber: '110105194912310021' }, 'train.passenger.documentCheckDigit'],
    ['ID card born tomorrow', { documentNumber: '110105202611230011' }, 'train.passenger.documentBirthDate'],
    ['lower-case x and spaces are fine', { documentNumber: '110105 19491231 002x' }, null],
    ['HK/Macao pass', { documentType: 'hkMacaoPass', documentNumber: 'C01234567' }, null],
    ['HK/Macao pass malformed', { documentType: 'hkMacaoPass', documentNumber: 'X1234' }, 'train.passenger.documentFormat'],
    ['no mobile', { mobile: '' }, 'train.passenger.enterMobile'],
    ['mobile of 10 digits', { mobile: '1380013800' }, 'train.passenger.mobileInvalid'],
  ])('%s', (_n, v, msg) => expect(validatePassenger({ ...ok, ...v }, today)).toBe(msg))

  it('sends the number as stored, trimmed values, and the id only when editing', () => {
    const v = { ...emptyPassengerForm, name: ' 张  三 ', documentNumber: '110105 19491231 002x', mobile: ' 13800138000 ' }
    expect(saveTravellerRequestOf(v)).toEqual({
      name: '张 三',
      documentType: 'idCard',
      documentNumber: '11010519491231002X',
      passengerType: 'adult',
      mobile: '13800138000',
    })
    expect(saveTravellerRequestOf(v, 7).id).toBe(7)
  })

  it.each([
    ['11010519491231002X', '1101**********002X'],
    ['E12345678', 'E123*5678'],
    ['C0123456', 'C******6'],
  ])('masks %s', (n, masked) => expect(maskDocument(n)).toBe(masked))
})

describe('validateReservation', () => {
  const adult: TrainDraftPassenger = { travellerId: 1, passengerType: 'adult', heightCm: '', seatChoice: null }
  const child: TrainDraftPassenger = { travellerId: 2, passengerType: 'child', heightCm: '130', seatChoice: 'F' }
  const draft = (v: Partial<TrainDraft> = {}): TrainDraft => ({
    ...emptyDraft('k', { name: '张三', mobile: '13800138000' }),
    passengers: [adult],
    agreed: true,
    ...v,
  })
  const height = { childRule: 'height' as const, needsReason: false }

  it.each<[string, Partial<TrainDraft>, string | null]>([
    ['complete', {}, null],
    ['nobody', { passengers: [] }, 'train.reserve.selectPassenger'],
    ['six passengers', { passengers: [1, 2, 3, 4, 5, 6].map((id) => ({ ...adult, travellerId: id })) }, 'train.reserve.tooManyPassengers'],
    ['a child alone', { passengers: [child] }, 'train.reserve.childAlone'],
    ['a child with an adult', { passengers: [adult, child] }, null],
    ['a child without a height', { passengers: [adult, { ...child, heightCm: '' }] }, 'train.reserve.enterHeight'],
    ['height in metres', { passengers: [adult, { ...child, heightCm: '1.3' }] }, 'train.reserve.heightInvalid'],
    ['height of 1300 cm', { passengers: [adult, { ...child, heightCm: '1300' }] }, 'train.reserve.heightInvalid'],
    ['no contact', { contactName: ' ' }, 'train.reserve.enterContact'],
    ['no contact phone', { contactMobile: '' }, 'train.reserve.enterContactMobile'],
    ['wrong phone', { contactMobile: '2380013800' }, 'train.reserve.mobileInvalid'],
    ['agreement not ticked', { agreed: false }, 'train.reserve.agreeFirst'],
  ])('%s', (_n, v, msg) => expect(validateReservation(draft(v), height)).toBe(msg))

  it('under the age rule no height is asked', () => {
    expect(validateReservation(draft({ passengers: [adult, { ...child, heightCm: '' }] }), { childRule: 'age', needsReason: false })).toBeNull()
  })
  it('a reason when the booking breaks the policy and the event asks for one', () => {
    expect(validateReservation(draft(), { childRule: 'height', needsReason: true })).toBe('train.reserve.enterReason')
    expect(validateReservation(draft({ overPolicyReason: '会议行程临时变更' }), { childRule: 'height', needsReason: true })).toBeNull()
  })

  it('sends heights only for children under the height rule, seat choices when made', () => {
    const target = { trainCode: '24000G10106', date: '2026-12-01', fromStationCode: 'AOH', toStationCode: 'VNP', seatType: 'second' as const }
    const d = draft({ passengers: [adult, child], contactName: ' 张三 ', overPolicyReason: ' ' })
    const req = saveOrderRequestOf(target, d, 'height')
    expect(req).toEqual({
      idempotencyKey: d.idempotencyKey,
      ...target,
      passengers: [
        { travellerId: 1, passengerType: 'adult' },
        { travellerId: 2, passengerType: 'child', heightCm: 130, seatChoice: 'F' },
      ],
      contactName: '张三',
      contactMobile: '13800138000',
      agreed: true,
    })
    expect(saveOrderRequestOf(target, d, 'age').passengers[1]).toEqual({ travellerId: 2, passengerType: 'child', seatChoice: 'F' })
    expect(draftKeyOf(target)).toBe('24000G10106|2026-12-01|AOH|VNP|second')
  })

  it('fare: adult and child prices', () => {
    expect(fareFen([adult, child], { priceFen: 55300, childPriceFen: 27650 })).toBe(82950)
  })
})
