export default definePageConfig({ navigationBarTitleText: 'Bare' })
