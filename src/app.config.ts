import { appPages } from './lib/router/routes'

const { pages, subPackages } = appPages(process.env.TARO_ENV)

export default defineAppConfig({
  // the entry page must come first
  pages,
  subPackages,
  window: {
    // spec §2: pages draw their own navigation bar and do not refresh on pull-down
    navigationStyle: 'custom',
    enablePullDownRefresh: false,
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '',
    navigationBarTextStyle: 'black',
  },
  // weapp: load the train and air subpackages ahead when the user is on the travel or home page
  preloadRule: {
    'pages/pagesUser/travel/travel': { network: 'all', packages: ['pages/trainTicket', 'pages/airTicket'] },
  },
  animation: false,
})
