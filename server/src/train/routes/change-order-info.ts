import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { askChangeOrderTicket, getChange, saveChange } from '@contracts/calls/train'
import { TRAIN_CHANGE_CAUSES, TRAIN_CHANGE_TYPES } from '@contracts/train'
import { route } from '../../kernel/http/route'
import {
  DateField,
  IdempotencyKeyField,
  IdField,
  PassengerIdsField,
  ReasonTextField,
  SeatTypeField,
  ShownAmountField,
  StationCodeField,
  TrainCodeField,
} from '../schemas'
import { ownerOf } from '../../kernel/http/owner'
import { getChange as readChange, saveChange as changeTickets } from '../aftersales/ticket-change'
import { changeOptions } from '../aftersales/change-options'

const ChangeTypeField = z.enum(TRAIN_CHANGE_TYPES, { error: 'EVAL0001' })

/**
 * spec §7 changeOrderInfo/askChangeOrderTicket, save, get. The railway answers a change after its
 * delay (browser tests: `/dev/clock`); `POST /dev/railway {"change": "fail"}` makes it refuse; a
 * higher fare paid by WeChat Pay waits for paymentOrder with `changeId` (`/dev/wechatpay/pay`).
 */
export default async function (app: FastifyInstance) {
  route(
    app,
    askChangeOrderTicket,
    z.object({ orderId: IdField, passengerIds: PassengerIdsField, changeType: ChangeTypeField, date: DateField, toStationCode: StationCodeField.optional() }),
    ({ body, session, deps, lang }) => changeOptions(deps, ownerOf(session), body, lang),
  )
  route(
    app,
    saveChange,
    z.object({
      idempotencyKey: IdempotencyKeyField,
      orderId: IdField,
      passengerIds: PassengerIdsField,
      changeType: ChangeTypeField,
      cause: z.enum(TRAIN_CHANGE_CAUSES, { error: 'ETRAIN1098' }),
      causeText: ReasonTextField,
      trainCode: TrainCodeField,
      date: DateField,
      fromStationCode: StationCodeField.optional(),
      toStationCode: StationCodeField,
      seatType: SeatTypeField,
      expectedDifferenceFen: ShownAmountField,
    }),
    ({ body, session, deps, lang }) => changeTickets(deps, ownerOf(session), body, lang),
  )
  route(app, getChange, z.object({ changeId: IdField }), ({ body, session, deps, lang }) => readChange(deps, ownerOf(session), body.changeId, lang))
}
