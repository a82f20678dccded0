/**
 * The language a visit will be shown in, as an inline script of index.html can tell it before the
 * app has loaded: the language stored by the app (its zustand store, persisted through Taro's
 * storage as `{"data":"<JSON>"}` under the store's key: `"language":"en"`, escaped once inside) or,
 * with none stored, the browser's (src/lib/i18n.ts `deviceLanguage`). One snippet for the two
 * inline scripts that need it: the preload script (./page-chunk-map.js) and the first paint
 * (config/boot-shell.ts).
 */

/** a JavaScript expression that evaluates to "en" or "zh"; `keyExpression` is the expression naming the storage key */
function visitLanguageExpression(/** @type {string} */ keyExpression) {
  return (
    `(function(){try{var g=/\\\\?"language\\\\?":\\\\?"(zh|en)/.exec(localStorage.getItem(${keyExpression})||"");if(g)return g[1]}catch(e){}` +
    `return/^en/i.test(navigator.language||"")?"en":"zh"}())`
  )
}

module.exports = { visitLanguageExpression }
