// Names the static site's builder (scripts/site-files.ts) and the page agree on.

/** The shipped native report, next to index.html: native numbers measured on the machine that
 * built the site (`npm run build`). */
export const SHIPPED_REPORT = 'native-report.json';
