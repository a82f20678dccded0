import { useEffect, useState } from 'react'
import type { AlbumPage, Photo } from '@contracts/calls/microsite'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { fetchAlbumPage } from '../api/page-album'

/**
 * A photo album a page at a time: the next page is asked for when the attendee reaches the
 * bottom (or taps "load more"), the pages so far stay on screen.
 */
export function useAlbum(req: { eventCode: string; pageCode: string; atlasCode: string }, allowed: boolean) {
  const token = useAppStore((s) => s.token) ?? ''
  const [pageNo, setPageNo] = useState(1)
  const [pages, setPages] = useState<Record<number, Photo[]>>({})
  const q = useQuery<AlbumPage>(allowed ? `ms:album:${req.eventCode}:${req.pageCode}:${req.atlasCode}:${token}:${pageNo}` : null, () =>
    fetchAlbumPage({ ...req, pageNo }),
  )
  useEffect(() => {
    if (q.status === 'success' && q.data) setPages((p) => ({ ...p, [q.data!.pageNo]: q.data!.list }))
  }, [q.status, q.data])
  const photos = Object.keys(pages)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((n) => pages[n])
  const total = q.data?.total ?? 0
  const more = photos.length < total
  return {
    album: q.data,
    photos,
    total,
    more,
    status: q.status,
    retry: q.retry,
    loadMore: () => {
      if (more && q.status === 'success') setPageNo((n) => n + 1)
    },
  }
}
