// Number formatting for the page (the CLI's twin is cpp/cli/format.cpp).

export function formatDuration(ns: number): string {
  if (!Number.isFinite(ns)) return '–';
  if (ns < 1e3) return `${ns.toFixed(1)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toPrecision(3)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toPrecision(3)} ms`;
  return `${(ns / 1e9).toPrecision(4)} s`;
}

/** A long wait in words: minutes, hours or days. */
export function formatWait(seconds: number): string {
  if (seconds < 5400) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 48 * 3600) return `${(seconds / 3600).toPrecision(2)} h`;
  return `${(seconds / 86400).toPrecision(2)} days`;
}

export function formatRate(perSecond: number, unit: string): string {
  if (!Number.isFinite(perSecond) || perSecond <= 0) return '–';
  const [value, prefix] =
    perSecond >= 1e9 ? [perSecond / 1e9, 'G'] : perSecond >= 1e6 ? [perSecond / 1e6, 'M'] : perSecond >= 1e3 ? [perSecond / 1e3, 'k'] : [perSecond, ''];
  return `${value.toPrecision(3)} ${prefix}${unit}/s`;
}

/** A speed ratio's number: two decimals, or two significant digits below 0.1 (a JavaScript peer
 * may run at 0.0007× of our best kernel). */
export function formatRatioNumber(ratio: number): string {
  return ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2);
}

export function formatSpread(madNs: number, medianNs: number): string {
  return medianNs > 0 ? `±${((100 * madNs) / medianNs).toFixed(1)}%` : '–';
}

export function formatAnswer(answer: Record<string, unknown>): string {
  // A list of rows (chess's divide, one per root move) is the puzzle view's to show in full.
  const isRows = (v: unknown): v is unknown[] => Array.isArray(v) && v.some((x) => typeof x === 'object' && x !== null);
  return Object.entries(answer)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : isRows(v) ? `[${v.length} rows]` : JSON.stringify(v)}`)
    .join(' ');
}
