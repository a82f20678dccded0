/**
 * The entry pages' shared chunk (config/taro-plugins/h5-lean/entry-shared-chunk.ts) adds a cache
 * group to Taro's splitChunks for the chunks of the event link's two pages. It relies on Taro 4.2.1
 * splitting only initial chunks with cache groups of its own, and importing each page as
 * `import("./pages/…")`.
 */
import { withEntrySharedChunk } from '../../../config/taro-plugins/h5-lean/entry-shared-chunk'
import { ROUTES } from '@/lib/router/routes'
import { installed, taroEntry } from './taro-entry'

const entryPages = [ROUTES.index.path, ROUTES.login.path]

it("Taro's H5 webpack config still splits only initial chunks, with cache groups to add to", () => {
  const combination = installed('@tarojs/webpack5-runner/dist/webpack/H5Combination.js')
  if (!/splitChunks: \{\s*chunks: 'initial',[^}]*cacheGroups\s*\}/.test(combination)) {
    throw new Error("config/taro-plugins/h5-lean/entry-shared-chunk.ts: @tarojs/webpack5-runner's H5Combination no longer has `splitChunks: { chunks: 'initial', …, cacheGroups }`")
  }
})

it('Taro\'s H5 entry still imports the entry pages as `import("./<page path>")`, the origins the cache group matches', () => {
  const entry = taroEntry()
  for (const page of entryPages) {
    if (!entry.includes(`import("./${page}")`)) throw new Error(`config/taro-plugins/h5-lean/entry-shared-chunk.ts: Taro's H5 entry no longer imports ${page} as import("./${page}")`)
  }
})

describe('the cache group', () => {
  const taroSplit = { chunks: 'initial', minSize: 0, cacheGroups: { common: { minChunks: 2 } } }
  const group = (withEntrySharedChunk(taroSplit, entryPages).cacheGroups as Record<string, { chunks: (c: unknown) => boolean; minChunks: number }>).entryShared
  const chunkOf = (...requests: string[]) => ({ groupsIterable: [{ origins: requests.map((request) => ({ request })) }] })

  it("keeps Taro's options and groups", () => {
    expect(withEntrySharedChunk(taroSplit, entryPages)).toMatchObject(taroSplit)
  })

  it("takes the chunks of the two entry pages only, what they share at least twice", () => {
    expect(group.chunks(chunkOf('./pages/index/index'))).toBe(true)
    expect(group.chunks(chunkOf('./pages/pagesUser/login/login'))).toBe(true)
    expect(group.chunks(chunkOf('./pages/pagesUser/home/home'))).toBe(false)
    expect(group.chunks(chunkOf('./pages/index/index2'))).toBe(false)
    expect(group.minChunks).toBe(2)
  })

  it('names the patch when Taro has no cache groups', () => {
    expect(() => withEntrySharedChunk({ chunks: 'initial' }, entryPages)).toThrow(/^config\/taro-plugins\/h5-lean\/entry-shared-chunk\.ts: .*cacheGroups/)
  })
})
