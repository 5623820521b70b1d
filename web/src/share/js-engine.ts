// Which JavaScript engine ran the wasm: V8 (Chromium, Chrome, Edge), SpiderMonkey (Firefox) or
// JavaScriptCore (Safari, and every browser on iOS). The one place that tells them apart; every
// browser environment carries the answer (Environment.engine), so records, exported reports and
// share links say which engine measured them, and tables can tell a Firefox run from a Chromium
// one. Read from the user agent: the engine itself exposes no version, and wasm speed follows the
// engine, not the browser's brand.
import { z } from 'zod';

export const ENGINE_NAMES = ['V8', 'SpiderMonkey', 'JavaScriptCore'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export const JsEngineSchema = z
  .object({
    name: z.enum(ENGINE_NAMES),
    /** The engine's version where the user agent implies it (V8's is Chrome's major, 156 -> 15.6;
     * SpiderMonkey's is Firefox's), else the browser's. */
    version: z.string().regex(/^[0-9][0-9.]{0,19}$/, 'not a version'),
    /** The browser and its version as the user agent names them ("Firefox 153.0"). */
    browser: z.string().max(40),
  })
  .strict();
export type JsEngine = z.infer<typeof JsEngineSchema>;

/** The engine of a user agent string, or null when it names none of the three. */
export function engineOf(userAgent: string): JsEngine | null {
  // iOS: every browser is WebKit underneath, whatever it calls itself.
  const ios = /\b(iPhone|iPad|iPod)\b/.test(userAgent);
  const firefox = /\bFirefox\/(\d+(?:\.\d+)?)/.exec(userAgent);
  if (firefox && !ios) {
    const rv = /\brv:(\d+(?:\.\d+)?)/.exec(userAgent)?.[1] ?? firefox[1]!;
    return { name: 'SpiderMonkey', version: rv, browser: `Firefox ${firefox[1]}` };
  }
  const chrome = /(?:Chrome|Chromium)\/(\d+)/.exec(userAgent); // also HeadlessChrome/
  if (chrome && !ios) {
    const major = Number(chrome[1]);
    // Since V8 7.0 (Chrome 70) a Chrome major M ships V8 M/10 (for example 156: V8 15.6).
    return { name: 'V8', version: major >= 70 ? `${Math.floor(major / 10)}.${major % 10}` : String(major), browser: `Chrome ${major}` };
  }
  const safari = /\bVersion\/(\d+(?:\.\d+)?)/.exec(userAgent);
  if (/AppleWebKit\//.test(userAgent) && (safari || ios)) {
    return { name: 'JavaScriptCore', version: safari?.[1] ?? '0', browser: safari ? `Safari ${safari[1]}` : 'iOS WebKit' };
  }
  return null;
}

/** "SpiderMonkey 153.0": how tables, legends and the environment panel name an engine. */
export function engineLabel(engine: JsEngine | null | undefined): string {
  return engine ? `${engine.name} ${engine.version}` : 'unknown engine';
}

/** A browser environment in a few words for notices: "Firefox 153.0, SpiderMonkey 153.0, AMD EPYC"
 * (a browser's wasm build cannot read the CPU's name; then it is left out). */
export function describeBrowser(env: { engine?: JsEngine; cpu: string }): string {
  const cpu = env.cpu && env.cpu !== 'unknown' ? env.cpu.slice(0, 80) : null;
  const parts = [env.engine ? `${env.engine.browser}, ${engineLabel(env.engine)}` : null, cpu].filter((x) => x !== null);
  return parts.length ? parts.join(', ') : 'unknown';
}
