import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { pageAlbumPhotos } from '@contracts/calls/microsite'
import { route } from '../../kernel/http/route'
import { MicrositeCode, PageRequestBody } from '../../kernel/http/schemas'
import { pageAlbum } from '../microsite'

const AlbumBody = PageRequestBody.extend({
  atlasCode: MicrositeCode,
  pageNo: z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(100_000, { error: 'EVAL0001' }),
  pageSize: z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(50, { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  route(app, pageAlbumPhotos, AlbumBody, ({ body, session, deps }) => pageAlbum(deps, session, body))
}
