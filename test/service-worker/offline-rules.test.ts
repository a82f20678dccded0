import { isHashedBuildFile, isPicture, NOT_APP_PAGES } from '@/service-worker/offline-rules'

const notAppPage = (pathname: string) => NOT_APP_PAGES.some((r) => r.test(pathname))

describe('the service worker: which requests it answers how', () => {
  it.each([
    ['/js/app.1409f5d0.js', true],
    ['/css/1.353cd941.css', true],
    ['/js/i18n-en.8a40b6c3.js', true],
    // the worker itself and anything without a content hash are asked for every time
    ['/sw.js', false],
    ['/index.html', false],
    ['/js/app.js', false],
    ['/js/app.1409f5d0.js.br', false],
    ['/files/js/app.1409f5d0.js', false],
  ])('%s is a hashed build file: %s', (pathname, yes) => {
    expect(isHashedBuildFile(pathname)).toBe(yes)
  })

  it.each([
    ['/files/demo/banner.jpg', true],
    ['/files/site/a/b.PNG', true],
    ['/files/agenda.pdf', false],
    ['/banner.jpg', false],
  ])('%s is a picture kept for offline: %s', (pathname, yes) => {
    expect(isPicture(pathname)).toBe(yes)
  })

  it.each([
    ['/api/biz/cmsEventInfo/get', true],
    ['/dev/outbox', true],
    ['/files/demo/banner.jpg', true],
    ['/admin', true],
    ['/admin/events', true],
    ['/metrics', true],
    ['/healthz', true],
    ['/readyz', true],
    // every app address is the app's index.html
    ['/', false],
    ['/home', false],
    ['/signIndex', false],
    ['/pages/pagesUser/schedule/schedule', false],
    ['/administrator', false],
    ['/apis', false],
  ])('a navigation to %s goes to the server itself: %s', (pathname, yes) => {
    expect(notAppPage(pathname)).toBe(yes)
  })
})
