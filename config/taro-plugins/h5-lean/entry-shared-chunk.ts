/**
 * Patch `entrySharedChunk`: Taro splits only the initial chunks, so every page chunk carries its
 * own copy of what it shares with other pages. The event link's visit loads two pages, the entry
 * page and then the login page, which share Taro's Button, taro-ui's AtButton, the event gate,
 * useQuery… : those go to one chunk both load, so that visit fetches them once. Only these two: a
 * split across every page costs the train results page more (a dozen small files, each compressed
 * alone) than it saves.
 */

const PATCH = 'config/taro-plugins/h5-lean/entry-shared-chunk.ts'

interface ChunkLike {
  groupsIterable: Iterable<{ origins: Array<{ request?: string }> }>
}

/**
 * Taro's splitChunks options with one more cache group: modules the given pages (their paths in
 * src/, as Taro's entry imports them: `import("./pages/…")`) share.
 */
export function withEntrySharedChunk(splitChunks: { cacheGroups?: Record<string, unknown> } & Record<string, unknown> | undefined, pages: string[]): Record<string, unknown> {
  if (!splitChunks?.cacheGroups) throw new Error(`${PATCH}: Taro's webpack config has no optimization.splitChunks.cacheGroups to add to`)
  const requests = new Set(pages.map((p) => `./${p}`))
  return {
    ...splitChunks,
    cacheGroups: {
      ...splitChunks.cacheGroups,
      entryShared: {
        chunks: (chunk: ChunkLike) => [...chunk.groupsIterable].some((group) => group.origins.some((o) => requests.has(o.request ?? ''))),
        minChunks: 2,
        minSize: 0,
        priority: -20,
        reuseExistingChunk: true,
      },
    },
  }
}
