/**
 * The interaction patch (config/taro-plugins/h5-lean/interaction.ts) sends every import of
 * @tarojs/taro-h5's interaction module to src/lib/h5-interaction.ts (whose behaviour
 * test/lib/h5-interaction.test.ts checks). It must still find Taro's module where it was in Taro
 * 4.2.1, exporting what ours exports.
 */
import path from 'path'
import { checkTaroInteraction, INTERACTION_EXPORTS } from '../../../config/taro-plugins/h5-lean/interaction'
import * as ours from '@/lib/h5-interaction'
import { root } from './taro-entry'

const taroH5 = path.join(root, 'node_modules', '@tarojs', 'taro-h5')

it("@tarojs/taro-h5's interaction module is still where the patch looks, exporting what the replacement exports", () => {
  // throws "config/taro-plugins/h5-lean/interaction.ts: … expected @tarojs/taro-h5/dist/api/ui/interaction/index.js exporting exactly { … }"
  expect(() => checkTaroInteraction(taroH5)).not.toThrow()
})

it('the replacement exports the same functions', () => {
  const exported = Object.entries(ours)
    .filter(([, v]) => typeof v === 'function')
    .map(([k]) => k)
  expect(exported).toEqual(expect.arrayContaining(INTERACTION_EXPORTS))
})

it('names the patch and the expected shape when the module is elsewhere', () => {
  expect(() => checkTaroInteraction(path.join(root, 'node_modules', '@tarojs', 'taro'))).toThrow(
    /^config\/taro-plugins\/h5-lean\/interaction\.ts: .*expected @tarojs\/taro-h5\/dist\/api\/ui\/interaction\/index\.js exporting exactly \{ disableAlertBeforeUnload/,
  )
})
