export default definePageConfig({
  enablePullDownRefresh: false,
  enableShareAppMessage: true,
})
