/**
 * The browser every tool here drives: Debian's Chromium (never a downloaded one: the machines reach
 * no host beyond the package registries), headless, with no network of its own beyond loopback and
 * no GPU. Used by the Playwright config and scripts/lighthouse.ts.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
