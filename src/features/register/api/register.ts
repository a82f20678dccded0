/** The registration calls the screens use (contracts/calls/register.ts), through the one request client. */
import {
  changePassword,
  getAllowEdit,
  getFieldRules,
  getFormOverview,
  getSignupContact,
  listFollowers,
  listFollowerTypes,
  listFormItems,
  listResults,
  listScheduleSummary,
  removeFollower,
  saveEnrollment,
  saveFollower,
  updateContact,
  updateFollower,
  type ChangePasswordRequest,
  type EnrollmentRequest,
  type SaveFollowerRequest,
  type UpdateContactRequest,
  type UpdateFollowerRequest,
} from '@contracts/calls/register'
import { getCityTree, listDictItems } from '@contracts/calls/reference'
import { call } from '@/lib/request'

export const fetchOverview = (eventCode: string) => call(getFormOverview, { eventCode })
export const fetchFieldRules = (eventCode: string, contactType: string) => call(getFieldRules, { eventCode, contactType })
export const fetchFollowerTypes = (eventCode: string) => call(listFollowerTypes, { eventCode })
export const fetchFormItems = (eventCode: string, listCode: string) => call(listFormItems, { eventCode, listCode })
export const fetchActivities = (eventCode: string) => call(listScheduleSummary, { eventCode })
export const fetchResults = (eventCode: string, contactCodes: string[]) => call(listResults, { eventCode, contactCodes })
export const fetchDict = (dictCode: string) => call(listDictItems, { dictCode })
export const fetchCities = (parentCode: string) => call(getCityTree, { parentCode })
export const submitEnrollment = (body: EnrollmentRequest) => call(saveEnrollment, body)
export const fetchOwnContact = (eventCode: string) => call(getSignupContact, { eventCode })
export const fetchAllowEdit = (eventCode: string) => call(getAllowEdit, { eventCode })
export const submitUpdate = (body: UpdateContactRequest) => call(updateContact, body)
export const fetchFollowers = (eventCode: string, parentCode: string) => call(listFollowers, { eventCode, parentCode })
export const addFollower = (body: SaveFollowerRequest) => call(saveFollower, body)
export const editFollower = (body: UpdateFollowerRequest) => call(updateFollower, body)
export const deleteFollower = (eventCode: string, followerId: number) => call(removeFollower, { eventCode, followerId })
export const submitPasswordChange = (body: ChangePasswordRequest) => call(changePassword, body)
