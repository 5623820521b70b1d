// The browsers the benchmark scripts (bench-compare, bench-relaxed, aa-sessions) time wasm in:
// Debian's Chromium (V8) through playwright-core and Firefox ESR (SpiderMonkey) through
// puppeteer-core over WebDriver BiDi, headless, never a downloaded browser. CHROMIUM and FIREFOX
// name other binaries. Each launch gives a browser and one page; `evaluate` runs a function with
// one argument in the page (playwright and puppeteer spell it alike).
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';

export const BENCH_ENGINES = {
  v8: {
    name: 'V8',
    async launch() {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
      });
      return { browser, page: await browser.newPage() };
    },
  },
  spidermonkey: {
    name: 'SpiderMonkey',
    async launch() {
      // A whole puzzle's benchmark is one evaluate: no protocol timeout.
      const browser = await puppeteer.launch({ browser: 'firefox', executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr', headless: true, protocolTimeout: 0 });
      return { browser, page: await browser.newPage() };
    },
  },
};
