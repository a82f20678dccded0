import type { ScheduleSummaryResponse } from '@contracts/calls/register'
import type { FieldConfig, FollowerTypeConfig } from '@contracts/register-form'
import { useQuery } from '@/lib/useQuery'
import { fetchActivities, fetchDict, fetchFieldRules, fetchFollowerTypes, fetchFormItems } from '../api/register'
import type { FormOptions } from '../components/FormFields'

export interface FormSetup {
  fields: FieldConfig[]
  followerTypes: FollowerTypeConfig[]
  options: FormOptions
  activities: ScheduleSummaryResponse
}

/** everything the form needs to draw one attendee type: its fields, follower types, lists, activities */
export function useFormSetup(eventCode: string | null, contactType: string | null) {
  return useQuery<FormSetup>(eventCode && contactType ? `register-form:${eventCode}:${contactType}` : null, async () => {
    const [rules, followerTypes, personalPosition, certificateType, nations, documentTypes, countryCodes, activities] = await Promise.all([
      fetchFieldRules(eventCode!, contactType!),
      fetchFollowerTypes(eventCode!),
      fetchFormItems(eventCode!, 'personalPosition'),
      fetchFormItems(eventCode!, 'certificateType'),
      fetchDict('nation'),
      fetchDict('documentType'),
      fetchDict('countryCode'),
      fetchActivities(eventCode!),
    ])
    return { fields: rules.fields, followerTypes, options: { lists: { personalPosition, certificateType }, nations, documentTypes, countryCodes }, activities }
  })
}
