export default definePageConfig({
  // weapp: the native bar, the only "back" above a web-view; H5 draws its own (features/microsite WebLink)
  navigationStyle: process.env.TARO_ENV === 'h5' ? 'custom' : 'default',
  enablePullDownRefresh: false,
  enableShareAppMessage: true,
})
