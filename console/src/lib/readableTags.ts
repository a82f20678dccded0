/** Tag colours dark enough to read on their backgrounds (antd's preset tags' text falls below 4.5:1). */
import type { CSSProperties } from 'react'

export const TAG_STYLES = {
  success: { color: '#135200', background: '#f6ffed', borderColor: '#95de64' },
  processing: { color: '#002c8c', background: '#e6f4ff', borderColor: '#91caff' },
  error: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
} satisfies Record<string, CSSProperties>
