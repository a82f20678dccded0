import { setup } from './helper'
it('timing', async () => {
  let t0 = Date.now()
  const { loadTemplate } = require('./pglite-template')
  const blob = await loadTemplate(); console.log('read template', Date.now() - t0); t0 = Date.now()
  const { openPglite } = require('../src/db/client')
  const h = await openPglite({ loadDataDir: blob }); console.log('open pglite', Date.now() - t0); t0 = Date.now()
  await h.close()
  const t = await setup(); console.log('setup', Date.now() - t0); t0 = Date.now()
  await t.reset(); console.log('reset', Date.now() - t0); t0 = Date.now()
  await t.close()
})
