export default definePageConfig({
  navigationStyle: 'default',
  enablePullDownRefresh: false,
  enableShareAppMessage: true,
})
