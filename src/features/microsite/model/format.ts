import type { RichFormat } from '@contracts/microsite'

/**
 * How this build asks for rich text: H5 takes HTML (and sanitises it again with DOMPurify), the
 * mini-program takes rich-text nodes (it has no HTML parser, and rich-text must never get a raw
 * string). Decided at build time: TARO_ENV is a constant in each bundle.
 */
export const RICH_FORMAT: RichFormat = process.env.TARO_ENV === 'h5' ? 'html' : 'nodes'
