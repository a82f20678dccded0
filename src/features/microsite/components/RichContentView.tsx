import { RichText, View, type RichTextProps } from '@tarojs/components'
import { useMemo } from 'react'
import type { RichContent } from '@contracts/microsite'
import { API_BASE_URL } from '@/lib/request'
import { cleanRichNodes } from '../model/richNodes'
import './RichContentView.scss'

/**
 * DOMPurify on the H5 path only: TARO_ENV is a constant in each bundle, so webpack drops this
 * require (and DOMPurify with it) from the mini-program, which has no DOM to run it on.
 */
const sanitizeForH5: ((html: string) => string) | null =
  process.env.TARO_ENV === 'h5'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: a static import would ship DOMPurify to weapp
      (require('../model/sanitizeHtml') as typeof import('../model/sanitizeHtml')).sanitizeForH5
    : null

/**
 * Rich text as the server sent it, cleaned once more here: on H5 sanitised HTML, on weapp the
 * rich-text component with checked nodes (never a raw string, never an event handler).
 */
export function RichContentView({ content }: { content: RichContent }) {
  const html = useMemo(() => (sanitizeForH5 && content.format === 'html' ? sanitizeForH5(content.html) : ''), [content])
  const nodes = useMemo(() => (sanitizeForH5 || content.format !== 'nodes' ? [] : cleanRichNodes(content.nodes, API_BASE_URL)), [content])
  if (sanitizeForH5) return <View className='ms-rich' dangerouslySetInnerHTML={{ __html: html }} />
  return <RichText className='ms-rich' nodes={nodes as RichTextProps['nodes']} />
}
