/**
 * The attendee's saved travellers (editOrAddPassengers): name and document checked as in
 * registration (contracts/documents.ts), one document once per list, the railway's identity check
 * (audit status) asked again when name or document change.
 */
import type { DeleteTravellersRequest, SaveTravellerRequest, Traveller } from '@contracts/calls/train'
import { birthDateFromDocument, documentProblem, isDocumentName, normaliseDocumentNumber } from '@contracts/documents'
import { isMobile } from '@contracts/validation'
import type { Deps } from '../deps'
import { trainTravellers } from '../kernel/db/schema'
import { AppError } from '../kernel/errors'
import { toShanghaiIso } from '../kernel/time/time'
import { loadOwned, type Owner } from '../kernel/db/owned'
import {
  deleteTravellerRows,
  findTravellerByDocument,
  insertTraveller,
  listTravellerRows,
  travellersByIds,
  updateTraveller,
  type TravellerRow,
} from './repositories/travellers'

export const toTraveller = (t: TravellerRow): Traveller => ({
  id: t.id,
  name: t.name,
  documentType: t.documentType,
  documentNumber: t.documentNumber,
  passengerType: t.passengerType,
  mobile: t.mobile,
  auditStatus: t.auditStatus,
  addedAt: toShanghaiIso(t.createdAt),
  birthDate: birthDateFromDocument(t.documentType, t.documentNumber),
})

export async function listTravellers(deps: Pick<Deps, 'db'>, owner: Owner): Promise<Traveller[]> {
  return (await listTravellerRows(deps.db, owner)).map(toTraveller)
}

export async function saveTraveller(deps: Pick<Deps, 'db' | 'now' | 'railway'>, owner: Owner, body: SaveTravellerRequest): Promise<Traveller> {
  const now = deps.now()
  const name = body.name.trim().replace(/\s+/g, ' ')
  if (!isDocumentName(name)) throw new AppError('ETRAIN1016')
  const documentNumber = normaliseDocumentNumber(body.documentNumber)
  if (documentProblem(body.documentType, documentNumber, now)) throw new AppError('EVAL0007')
  if (!isMobile(body.mobile)) throw new AppError('EVAL0002')
  const mobile = body.mobile.trim()
  return deps.db.transaction(async (tx) => {
    const same = await findTravellerByDocument(tx, owner, body.documentType, documentNumber)
    if (same && same.id !== body.id) throw new AppError('ETRAIN1010')
    const auditStatus = deps.railway.auditTraveller(name, body.documentType, documentNumber)
    if (body.id === undefined) {
      const row = await insertTraveller(tx, {
        ...owner,
        name,
        documentType: body.documentType,
        documentNumber,
        passengerType: body.passengerType,
        mobile,
        auditStatus,
        createdAt: now,
        updatedAt: now,
      })
      return toTraveller(row)
    }
    const old = await loadOwned(tx, trainTravellers, body.id, owner, { forUpdate: true })
    const identityChanged = old.name !== name || old.documentType !== body.documentType || old.documentNumber !== documentNumber
    const row = await updateTraveller(tx, old.id, {
      name,
      documentType: body.documentType,
      documentNumber,
      passengerType: body.passengerType,
      mobile,
      auditStatus: identityChanged ? auditStatus : old.auditStatus,
      updatedAt: now,
    })
    return toTraveller(row)
  })
}

/** all or nothing: an id that is not the attendee's answers ESYS0004 and deletes none */
export async function deleteTravellers(deps: Pick<Deps, 'db'>, owner: Owner, body: DeleteTravellersRequest): Promise<{ deleted: number }> {
  const ids = [...new Set(body.ids)]
  return deps.db.transaction(async (tx) => {
    const mine = await travellersByIds(tx, owner, ids)
    if (mine.length !== ids.length) throw new AppError('ESYS0004')
    return { deleted: await deleteTravellerRows(tx, owner, ids) }
  })
}
