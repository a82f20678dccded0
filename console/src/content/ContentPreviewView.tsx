/** What the attendee would see of a checked draft. */
import type { ContentPreview } from '@contracts/admin/content'
import { FormPreview } from './FormPreview'
import { MicrositePreview } from './MicrositePreview'

export function ContentPreviewView({ preview }: { preview: ContentPreview }) {
  return preview.kind === 'form' ? (
    <FormPreview form={preview.form} agenda={preview.agenda} timeZone={preview.timeZone} />
  ) : (
    <MicrositePreview site={preview.site} />
  )
}
