import fs from 'fs'
import path from 'path'
import Module from 'module'
import ts from 'typescript'

const { visitLanguageExpression } = require('./taro-plugins/h5-lean/visit-language') as typeof import('./taro-plugins/h5-lean/visit-language')

/**
 * The first paint of H5, in index.html itself: a page frame (the navigation bar's band) and the
 * loading notice, in the language the app will show, drawn before any script has arrived. It sits
 * over the app (position: fixed) until the first page has rendered (src/lib/boot-shell.ts removes
 * it), so nothing moves when the app takes over: the shell's sizes are the app's own (.nav-bar,
 * .notice, in the rem units of Taro's root font size, set by the script before it).
 *
 * The texts are the catalogues' (src/locales): the entry address shows the entry page's
 * "opening the event", every other address the common "loading". The language is chosen as the
 * app chooses it (src/lib/i18n.ts): the one stored, else English for an English browser, else Chinese.
 */

type Catalogue = { common: { loading: string }; index: { loadingEvent: string }; titles: { index: string } }

/** a TypeScript module of src/ (and the modules it imports by relative path), compiled here */
function loadTs(file: string): Record<string, unknown> {
  const js = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2019, esModuleInterop: true },
  }).outputText
  const m = new Module(file) as Module & { _compile: (code: string, filename: string) => void }
  m.filename = file
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a package the catalogues import, as Node loads it
  m.require = ((id: string) => (id.startsWith('.') ? loadTs(path.resolve(path.dirname(file), `${id}.ts`)) : require(id))) as NodeRequire
  m._compile(js, file)
  return m.exports as Record<string, unknown>
}

/** per language: the entry page's title and text, and the text of any other address (no title: it is the page's own) */
export interface BootTexts {
  zh: { title: string; entry: string; other: string }
  en: { title: string; entry: string; other: string }
}

export function bootTexts(root: string): BootTexts {
  const of = (name: string) => loadTs(path.join(root, 'src', 'locales', `${name}.ts`)).default as Catalogue
  const zh = of('zh-CN')
  const en = of('en')
  return {
    zh: { title: zh.titles.index, entry: zh.index.loadingEvent, other: zh.common.loading },
    en: { title: en.titles.index, entry: en.index.loadingEvent, other: en.common.loading },
  }
}

/** the shell's markup, style and script, for the body of index.html */
export function bootShellHtml(root: string, entryPaths: string[], storageKey: string): string {
  const texts = JSON.stringify(bootTexts(root)).replace(/</g, '\\u003c')
  const style = [
    '.boot{position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483000;background:#f5f6f8;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif}',
    '.boot__frame{max-width:30rem;margin:0 auto}',
    '.boot__bar{display:flex;align-items:center;justify-content:center;height:2.2rem;background:#fff;border-bottom:.025rem solid #eee}',
    '.boot__title{font-size:.85rem;font-weight:600;color:#111}',
    '.boot__notice{display:flex;flex-direction:column;align-items:center;padding:4rem 1.6rem 0;text-align:center}',
    '.boot__icon{font-size:3rem;line-height:1;color:#5b6270}',
    '.boot__text{margin-top:.8rem;font-size:.75rem;line-height:1.6;color:#4b5563}',
  ].join('')
  // the language chosen as the preload script chooses it (config/taro-plugins/h5-lean/visit-language.js)
  const script =
    `!function(T,E,K){var l=${visitLanguageExpression('K')};` +
    `var x=T[l],e=E.indexOf(location.pathname)>=0,t=document.getElementById("boot-text"),h=document.getElementById("boot-title");` +
    `if(t)t.textContent=e?x.entry:x.other;if(h&&e)h.textContent=x.title;` +
    `if(l==="en")document.documentElement.lang="en"}(${texts},${JSON.stringify(entryPaths)},${JSON.stringify(storageKey)});`
  return (
    `<style>${style}</style>` +
    `<div id="boot" class="boot" role="status" aria-live="polite"><div class="boot__frame"><div class="boot__bar"><span class="boot__title" id="boot-title"></span></div>` +
    `<div class="boot__notice"><span class="boot__icon" aria-hidden="true">…</span><span class="boot__text" id="boot-text"></span></div></div></div>` +
    `<script>${script}</script>`
  )
}
