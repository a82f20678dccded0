import { renderHook } from '@testing-library/react'
import { useRegistrationMode } from '@/features/register/hooks/useRegistrationMode'

const mode = (initial: { loggedIn: boolean; notRegistered: boolean }) =>
  renderHook(({ loggedIn, notRegistered }) => useRegistrationMode(loggedIn, notRegistered), { initialProps: initial })

describe('/form: the attendee’s own registration or a new one', () => {
  it('a logged-in attendee edits theirs; a guest fills in a new one', () => {
    expect(mode({ loggedIn: true, notRegistered: false }).result.current).toBe('edit')
    expect(mode({ loggedIn: false, notRegistered: false }).result.current).toBe('new')
  })

  it('a logged-in attendee with no registration for this event yet fills in a new one', () => {
    expect(mode({ loggedIn: true, notRegistered: true }).result.current).toBe('new')
  })

  it('the session expiring while the page is open keeps their registration on screen', () => {
    const r = mode({ loggedIn: true, notRegistered: false })
    r.rerender({ loggedIn: false, notRegistered: false })
    expect(r.result.current).toBe('edit')
    // and logged in again, it is still theirs
    r.rerender({ loggedIn: true, notRegistered: false })
    expect(r.result.current).toBe('edit')
  })

  it('a guest who logs in from the page gets their own registration', () => {
    const r = mode({ loggedIn: false, notRegistered: false })
    r.rerender({ loggedIn: true, notRegistered: false })
    expect(r.result.current).toBe('edit')
  })
})
