// The JavaScript engine read from a user agent (share/js-engine.ts), and environments with and
// without one in links.
import { describe, expect, it } from 'vitest';
import { describeBrowser, engineLabel, engineOf } from '../../web/src/share/js-engine';
import { EnvironmentSchema } from '../../web/src/share/schema';
import { engineLabels } from '../../web/src/app/results';

const UA = {
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  headlessChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15',
  chromeOnIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxOnIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
};

describe('engineOf', () => {
  it('names V8 with the version Chrome\'s major implies', () => {
    expect(engineOf(UA.chromium)).toEqual({ name: 'V8', version: '15.6', browser: 'Chrome 156' });
    expect(engineOf(UA.headlessChromium)?.name).toBe('V8');
  });
  it('names SpiderMonkey with Firefox\'s version', () => {
    expect(engineOf(UA.firefox)).toEqual({ name: 'SpiderMonkey', version: '153.0', browser: 'Firefox 153.0' });
  });
  it('names JavaScriptCore for Safari and for every browser on iOS', () => {
    expect(engineOf(UA.safari)).toEqual({ name: 'JavaScriptCore', version: '18.2', browser: 'Safari 18.2' });
    expect(engineOf(UA.chromeOnIos)?.name).toBe('JavaScriptCore');
    expect(engineOf(UA.firefoxOnIos)?.name).toBe('JavaScriptCore');
  });
  it('names none for what it does not recognise', () => {
    expect(engineOf('')).toBeNull();
    expect(engineOf('curl/8.0')).toBeNull();
    expect(engineLabel(null)).toBe('unknown engine');
  });
});

describe('engines in environments', () => {
  const env = { side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'x', features: '', compiler: '', flags: '', timer_resolution_ns: 5000, date: '' };
  it('accepts an environment without an engine (links made before it was recorded)', () => {
    expect(EnvironmentSchema.safeParse(env).success).toBe(true);
  });
  it('accepts a known engine and refuses an invented one or a hostile version', () => {
    expect(EnvironmentSchema.safeParse({ ...env, engine: engineOf(UA.firefox) }).success).toBe(true);
    expect(EnvironmentSchema.safeParse({ ...env, engine: { name: 'Chakra', version: '1', browser: 'Edge' } }).success).toBe(false);
    expect(EnvironmentSchema.safeParse({ ...env, engine: { name: 'V8', version: '<img src=x>', browser: 'x' } }).success).toBe(false);
  });
  it('tells two engines apart in tables only when they differ', () => {
    expect(engineLabels(engineOf(UA.chromium)!, engineOf(UA.firefox)!)).toEqual({ mine: 'V8 15.6', sharer: 'SpiderMonkey 153.0' });
    expect(engineLabels(engineOf(UA.chromium)!, engineOf(UA.chromium)!)).toBeNull();
    expect(engineLabels(engineOf(UA.chromium)!, undefined)).toBeNull();
  });
  it('describes a browser in a few words, leaving out a CPU the browser cannot name', () => {
    expect(describeBrowser({ engine: engineOf(UA.firefox)!, cpu: 'unknown' })).toBe('Firefox 153.0, SpiderMonkey 153.0');
    expect(describeBrowser({ engine: engineOf(UA.chromium)!, cpu: 'AMD EPYC' })).toBe('Chrome 156, V8 15.6, AMD EPYC');
    expect(describeBrowser({ cpu: 'unknown' })).toBe('unknown');
    expect(describeBrowser({ cpu: 'AMD EPYC' })).toBe('AMD EPYC');
  });
});
