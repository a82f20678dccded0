/** The console's import and export calls, and the files they carry (base64 inside the JSON call). */
import { exportAttendees, importAttendees, previewImport, type ExportFormat, type ExportRequest } from '@contracts/admin/attendee-io'
import { call } from '../lib/request'

/** a picked file's bytes as base64 (what the import calls carry) */
export function fileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/** hands a file to the browser as a download */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  // the download has its copy once click() returns; the address is freed a moment later
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** a file a call answered base64 inside its JSON, handed to the browser as a download */
export function saveBase64File(content: string, type: string, fileName: string): void {
  const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0))
  saveBlob(new Blob([bytes], { type }), fileName)
}

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export const sendPreview = (eventCode: string, file: File, content: string) => call(previewImport, { eventCode, fileName: file.name, content })
export const sendImport = (eventCode: string, file: File, content: string) => call(importAttendees, { eventCode, fileName: file.name, content })

/** the export as the server made it, downloaded; answers how many attendees it holds */
export async function downloadExport(req: ExportRequest): Promise<number> {
  const file = await call(exportAttendees, req)
  saveBase64File(file.content, MIME[req.format], file.fileName)
  return file.count
}
