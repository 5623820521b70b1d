// The public address of the page, for the links "Copy link" makes. A static site needs none: the
// page uses the address it was opened from. A page served by `npm start` on 127.0.0.1 makes links
// only this machine can open, unless it is told where the same page is public:
//
//   npm start -- --base-url https://example.org/simd-puzzles/
//
// The server keeps it in SIMD_PUZZLES_BASE_URL (which may also be set directly) and serves it to
// the page at api/site.json (web/vite.config.ts).
export const BASE_URL_ENV = 'SIMD_PUZZLES_BASE_URL';

/** `text` as a base URL for links (http or https, no query or fragment, ending in '/'), or an
 * Error saying why not. */
export function parseBaseUrl(text) {
  let url;
  try {
    url = new URL(text);
  } catch {
    return new Error(`--base-url '${text}' is not a URL (e.g. https://example.org/simd-puzzles/)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return new Error(`--base-url '${text}' is not an http(s) address`);
  if (url.search || url.hash) return new Error(`--base-url '${text}' has a query or fragment; links add their own fragment`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** The payload of GET api/site.json: the configured public address, or null (use the page's own). */
export function siteResponse() {
  const configured = process.env[BASE_URL_ENV];
  if (!configured) return { baseUrl: null };
  const parsed = parseBaseUrl(configured);
  return { baseUrl: parsed instanceof Error ? null : parsed };
}
