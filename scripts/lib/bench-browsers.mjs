// The browsers the benchmark scripts (bench-compare, bench-relaxed, aa-sessions) time wasm in:
// Debian's Chromium (V8) through playwright-core and Firefox ESR (SpiderMonkey) through
// puppeteer-core over WebDriver BiDi, headless (browsers.mjs: which binaries, which flags). Each
// launch gives a browser and one page; `evaluate` runs a function with one argument in the page
// (playwright and puppeteer spell it alike).
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FIREFOX_PATH } from './browsers.mjs';

export const BENCH_ENGINES = {
  v8: {
    name: 'V8',
    async launch() {
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: [...CHROMIUM_ARGS],
      });
      return { browser, page: await browser.newPage() };
    },
  },
  spidermonkey: {
    name: 'SpiderMonkey',
    async launch() {
      // A whole puzzle's benchmark is one evaluate: no protocol timeout.
      const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true, protocolTimeout: 0 });
      return { browser, page: await browser.newPage() };
    },
  },
};
