import { pageAlbumPhotos, type AlbumPageRequest } from '@contracts/calls/microsite'
import { call } from '@/lib/request'

/** photos a page at a time: a phone shows a dozen before the attendee scrolls */
export const ALBUM_PAGE_SIZE = 8

export const fetchAlbumPage = (req: Omit<AlbumPageRequest, 'pageSize'>) => call(pageAlbumPhotos, { ...req, pageSize: ALBUM_PAGE_SIZE })
