/**
 * Page → chunk files of the H5 build, from webpack's chunk groups: Taro's H5 entry imports each
 * page as `import('./pages/…')`, and a page's chunk group is what a visit fetches for that page
 * beyond the files index.html names. Plain CommonJS so the app's build (./index.ts) and the bare
 * reference's (bench/bare-taro/config) both load it.
 *
 * Named chunk groups (an `import(/* webpackChunkName: "x" *\/ …)` of the app's own) are listed
 * too, as `chunk:x`.
 * - `file`: writes the whole map there as JSON (beside the served folder, not in it), for
 *   `npm run size:h5` (scripts/h5-size-check.js) to count a fresh visit as Chromium makes it.
 * - `preload` (address path → pages): adds to index.html a tiny inline script that, for the
 *   address being opened, preloads those pages' files (`<link rel=preload>`), so they download
 *   beside app.js instead of after it has run and the router has asked for them. The server's
 *   CSP hashes every inline script of index.html (server/src/kernel/http/plugins/security.ts).
 * - `english` ({ storageKey, chunk }): the same for the English texts' chunk on a visit that will
 *   be in English (src/lib/i18n.ts loads them before the first page draws).
 */
const fs = require('fs')
const path = require('path')
const { visitLanguageExpression } = require('./visit-language')

/** @typedef {{ name?: string, origins: Array<{ request?: string }>, chunks: Iterable<{ files: Iterable<string> }> }} ChunkGroupLike */

/** @param {ChunkGroupLike[]} chunkGroups @returns {Record<string, string[]>} */
function pageFiles(chunkGroups) {
  /** @type {Record<string, string[]>} */
  const pages = {}
  for (const group of chunkGroups) {
    for (const origin of group.origins) {
      const page = /^\.\/((?:pages|components)\/.+)$/.exec(origin.request ?? '')?.[1]
      if (!page) continue
      /** @type {Set<string>} */
      const files = new Set()
      for (const chunk of group.chunks) for (const f of chunk.files) if (/\.(js|css)$/.test(f)) files.add(f)
      pages[page] = [...files].sort()
    }
    // a chunk the app imports itself by name (webpackChunkName), e.g. src/app.ts's train-early
    if (group.name) pages[`chunk:${group.name}`] = [...new Set([...group.chunks].flatMap((c) => [...c.files].filter((f) => /\.(js|css)$/.test(f))))].sort()
  }
  return pages
}

/**
 * the inline script: preloads the files listed for location.pathname, and the English texts' files
 * when the visit will be in English (./visit-language.js)
 */
function preloadScript(
  /** @type {Record<string, string[]>} */ byPath,
  /** @type {string} */ publicPath,
  /** @type {{ storageKey: string, files: string[] } | undefined} */ english,
) {
  const englishFiles = english ? `${visitLanguageExpression(JSON.stringify(english.storageKey))}==="en"&&(p=p.concat(${JSON.stringify(english.files)}));` : ''
  return (
    `!function(m,d){var p=m[location.pathname]||[];${englishFiles}p.forEach(function(f){var l=d.createElement("link");` +
    `l.rel="preload";l.as=/\\.css$/.test(f)?"style":"script";l.href=${JSON.stringify(publicPath)}+f;d.head.appendChild(l)})}(` +
    `${JSON.stringify(byPath)},document);`
  )
}

/** @returns {never} */
function fail(/** @type {string} */ why) {
  throw new Error(`config/taro-plugins/h5-lean/page-chunk-map.js: ${why}`)
}

class PageChunkMap {
  /** @param {string} file @param {{ preload?: Record<string, string[]>, publicPath?: string, english?: { storageKey: string, chunk: string } }} [options] */
  constructor(file, options = {}) {
    this.file = file
    this.options = options
  }

  /** @param {any} compiler webpack's */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('page-chunk-map', (/** @type {any} */ compilation) => {
      // after the content hashes are final (files renamed), before the gzip/brotli copies are made
      compilation.hooks.processAssets.tap({ name: 'page-chunk-map', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const pages = pageFiles(compilation.chunkGroups)
        fs.mkdirSync(path.dirname(this.file), { recursive: true })
        fs.writeFileSync(this.file, `${JSON.stringify(pages, null, 1)}\n`)
        const preload = this.options.preload
        const html = compilation.getAsset('index.html')
        if (!preload || !html) return
        /** @type {Record<string, string[]>} */
        const byPath = {}
        for (const [at, names] of Object.entries(preload)) {
          byPath[at] = [
            ...new Set(
              names.flatMap((name) => {
                return pages[name] ?? fail(`no chunks for ${name}`)
              }),
            ),
          ]
        }
        const text = html.source.source().toString()
        const firstScript = text.indexOf('<script defer')
        if (firstScript < 0) throw new Error('config/taro-plugins/h5-lean/page-chunk-map.js: index.html has no deferred script to preload beside')
        const english = this.options.english
        const englishFiles = english && (pages[english.chunk] ?? fail(`no chunks for ${english.chunk}`))
        const script = `<script>${preloadScript(byPath, this.options.publicPath ?? '/', english && { storageKey: english.storageKey, files: englishFiles })}</script>`
        compilation.updateAsset('index.html', new sources.RawSource(text.slice(0, firstScript) + script + text.slice(firstScript)))
      })
    })
  }
}

module.exports = { PageChunkMap, pageFiles, preloadScript }
