/** A list's page and page size as its address keeps them (?page=&size=), and the table's paging over them. */
import type { TablePaginationConfig } from 'antd'

export const PAGE_SIZES = [20, 50, 100] as const

/** `v` when it is one of `all`, else `fallback`: an address typed by hand never breaks the list */
export const oneOf = <T extends string>(all: readonly T[], v: string | null, fallback: T): T => (all.includes(v as T) ? (v as T) : fallback)
const positive = (v: string | null, fallback: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback)

export const pageOf = (q: URLSearchParams) => ({
  page: positive(q.get('page'), 1),
  pageSize: Number(oneOf(PAGE_SIZES.map(String), q.get('size'), String(PAGE_SIZES[0]))),
})

/** the table's paging: a page changed goes into the address (the first page and size are left out) */
export function addressPagination(p: {
  page: number
  pageSize: number
  total: number
  showTotal: (total: number) => string
  setQuery: (changes: Record<string, number | null>) => void
}): TablePaginationConfig {
  return {
    current: p.page,
    pageSize: p.pageSize,
    total: p.total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: p.showTotal,
    onChange: (page, size) => p.setQuery({ page: page > 1 ? page : null, size: size === PAGE_SIZES[0] ? null : size }),
  }
}
