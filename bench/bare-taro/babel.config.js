// the app's preset (../../babel.config.js), so both builds transpile alike
module.exports = { presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]] }
