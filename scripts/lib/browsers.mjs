// Where our programs (the e2e tests, the benchmark scripts) find their browsers and how they start
// Chromium: Debian's own binaries, never a downloaded browser; CHROMIUM and FIREFOX name others.
// The flags keep a test or benchmark machine quiet: no background networking, component updates,
// sync or first-run work, and no GPU process (the machines have none). --no-sandbox: the tests
// run as root, where Chromium's own sandbox cannot start.
export const CHROMIUM_PATH = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const FIREFOX_PATH = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
export const CHROMIUM_ARGS = Object.freeze(['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu']);
