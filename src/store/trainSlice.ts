import type { StateCreator } from 'zustand'
import type { StationList, StationRef, TrainOffer } from '@contracts/calls/train/search'
import type { PassengerType, SeatChoice, SeatType } from '@contracts/train'
import type { AppState } from './index'

/**
 * The train screens' slice of the one store: what the attendee is searching for and has searched
 * (persisted: it is there again after a restart), the train picked on the list (for the details
 * and reservation pages), and the reservation being filled in (persisted: nothing typed is lost
 * when the attendee goes to add a traveller or pick seats, nor on a reload). The rules that
 * decide what goes in live in features/train/model.
 */
export interface TrainSearchState {
  from: StationRef | null
  to: StationRef | null
  /** YYYY-MM-DD; null: the first day on sale */
  date: string | null
}

export interface TrainRecentSearch {
  from: StationRef
  to: StationRef
}

export interface TrainDraftPassenger {
  travellerId: number
  passengerType: PassengerType
  /** the child's height as typed (cm), when the event tells children by height */
  heightCm: string
  seatChoice: SeatChoice | null
}

/** one reservation in progress: for one train, date, segment and seat class (`key`) */
export interface TrainDraft {
  key: string
  passengers: TrainDraftPassenger[]
  contactName: string
  contactMobile: string
  agreed: boolean
  overPolicyReason: string
  /** a grab request: the seat classes to wait for, first choice first (absent: the tapped one) */
  grabSeatTypes?: SeatType[]
  /** made once per reservation and reused on every retry (exactly-once save) */
  idempotencyKey: string
}

export interface TrainSlice {
  trainSearch: TrainSearchState
  trainRecent: TrainRecentSearch[]
  /** the train tapped on the list (the details page asks the server again if it is missing) */
  trainPicked: TrainOffer | null
  trainDraft: TrainDraft | null
  /** the pickers' station lists (3,400 stations: fetched once a while, not persisted) */
  trainStations: Partial<Record<'all' | 'limited', { data: StationList; fetchedAt: number }>>
  setTrainSearch: (s: Partial<TrainSearchState>) => void
  setTrainRecent: (list: TrainRecentSearch[]) => void
  setTrainPicked: (t: TrainOffer | null) => void
  setTrainDraft: (d: TrainDraft | null) => void
  setTrainStations: (which: 'all' | 'limited', data: StationList) => void
}

export const createTrainSlice: StateCreator<AppState, [], [], TrainSlice> = (set, get) => ({
  trainSearch: { from: null, to: null, date: null },
  trainRecent: [],
  trainPicked: null,
  trainDraft: null,
  trainStations: {},
  setTrainSearch: (s) => set({ trainSearch: { ...get().trainSearch, ...s } }),
  setTrainRecent: (trainRecent) => set({ trainRecent }),
  setTrainPicked: (trainPicked) => set({ trainPicked }),
  setTrainDraft: (trainDraft) => set({ trainDraft }),
  setTrainStations: (which, data) => set({ trainStations: { ...get().trainStations, [which]: { data, fetchedAt: Date.now() } } }),
})
