import type { StateCreator } from 'zustand'
import type { FormValues } from '@contracts/register-form'

/** a half-filled registration, kept on the device until the server has it: nothing typed is lost */
export interface RegisterDraft {
  contactType: string
  values: FormValues
  followers: Array<{ key: string; followerType: string; values: FormValues }>
  activityCodes: string[]
  protocolAccepted: boolean
  /** the device's key for files uploaded before registering (they are the draft's until submitted) */
  draftId: string
  /** made once per submit intent and reused on every retry, so a retry cannot register twice */
  idempotencyKey: string
  /** names of the uploaded files, by field, to show them again after a reload */
  fileNames: Record<string, string>
}

export interface RegisterSlice {
  /** by event code */
  registerDrafts: Record<string, RegisterDraft>
  /** contact codes this device submitted, by event code (the result page asks for their status) */
  registrations: Record<string, string[]>
  saveRegisterDraft: (eventCode: string, draft: RegisterDraft) => void
  clearRegisterDraft: (eventCode: string) => void
  addRegistration: (eventCode: string, contactCode: string) => void
}

export const createRegisterSlice =
  <S extends RegisterSlice>(): StateCreator<S, [], [], RegisterSlice> =>
  (set) => ({
    registerDrafts: {},
    registrations: {},
    saveRegisterDraft: (eventCode, draft) => set((s) => ({ registerDrafts: { ...s.registerDrafts, [eventCode]: draft } }) as Partial<S>),
    clearRegisterDraft: (eventCode) =>
      set((s) => {
        const { [eventCode]: _gone, ...rest } = s.registerDrafts
        return { registerDrafts: rest } as Partial<S>
      }),
    addRegistration: (eventCode, contactCode) =>
      set((s) => {
        const mine = s.registrations[eventCode] ?? []
        return { registrations: { ...s.registrations, [eventCode]: mine.includes(contactCode) ? mine : [contactCode, ...mine].slice(0, 10) } } as Partial<S>
      }),
  })
