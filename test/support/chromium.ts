// Debian's Chromium as the browser tests launch it (scripts/test.sh installs it): headless, without a
// sandbox (root in CI), and without reaching out on its own — no updates, sync, QUIC or first-run pages.

/** The browser; CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);
