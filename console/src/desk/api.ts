/** The check-in desk's calls. */
import { getDeskPhoto, getDeskSnapshot, syncDeskScans, type DeskScan } from '@contracts/admin/desk'
import { call } from '../lib/request'

export const fetchSnapshot = (eventCode: string) => call(getDeskSnapshot, { eventCode })
export const sendScans = (eventCode: string, scans: DeskScan[]) => call(syncDeskScans, { eventCode, scans })
export const fetchPhoto = (eventCode: string, userCode: string) => call(getDeskPhoto, { eventCode, userCode })
