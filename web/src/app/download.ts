// "Download results": the open puzzle's own results (every case the viewer ran) as a file, JSON in
// the native report's schema (it imports back, as a browser's results) or CSV with the columns of
// `simd-puzzles bench --csv` (share/export.ts) under a header block (date, browser, machine, the
// cases in words) and numbers rounded. The Suite's downloads are suite-export.ts.
import { BUILDS, recordBuild } from '../share/builds';
import { exportReport, toCsv } from '../share/export';
import type { Environment } from '../share/schema';
import { csvMeta } from './suite-export';
import { listOf } from './state/records';
import { puzzleStateOf } from './state/selectors';
import type { PageState } from './state/store';
import type { PageRecord } from '../share/verify';
import { YOURS } from './playground/kernel-id';

export type DownloadFormat = 'json' | 'csv';

export interface Download {
  name: string;
  type: string;
  text: string;
}

/** The file for the open puzzle, or why there is none; `words`: a case in words (case-words.ts). */
export function downloadOf(s: PageState, format: DownloadFormat, words: (record: PageRecord) => string = (r) => r.case): Download | { error: string } {
  const records = listOf(puzzleStateOf(s).mine);
  if (!records.length) return { error: 'Nothing to download yet: run something first.' };
  const environment = environmentOf(s, records);
  if (!environment) return { error: 'Nothing to download: no wasm build is loaded.' };
  const date = new Date();
  const stem = fileStem(s.puzzleId, environment, date);
  // The user's kernel travels with its numbers: its source, as text.
  const kept = s.playground.get(s.puzzleId);
  const playground = kept && records.some((r) => r.kernel === YOURS) ? { slot: kept.slot, source: kept.source } : undefined;
  if (format === 'csv') {
    const source: [string, string][] = playground ? [['yours: the source of your kernel (slot)', playground.slot], ...playground.source.split('\n').map((line): [string, string] => ['yours', line])] : [];
    return { name: `${stem}.csv`, type: 'text/csv', text: toCsv(records, { meta: [...csvMeta(environment, date, records, words), ...source], rounded: true }) };
  }
  return { name: `${stem}.json`, type: 'application/json', text: `${JSON.stringify({ ...exportReport(environment, records), ...(playground ? { playground } : {}) }, null, 2)}\n` };
}

/** The environment of the browser build that measured `records` (the first build they name). */
export function environmentOf(s: PageState, records: readonly PageRecord[]): Environment | undefined {
  const build = BUILDS.find((b) => records.some((r) => r.build === recordBuild(b))) ?? [...s.builds][0]!;
  return s.environments.get(build) ?? s.environments.values().next().value;
}

/** A download's name without its extension: what, which engine, which day. */
export const fileStem = (name: string, environment: Environment, date: Date) => `simd-puzzles-${name}-${environment.engine?.name.toLowerCase() ?? 'browser'}-${date.toISOString().slice(0, 10)}`;

/** Hands `file` to the browser as a download (nothing leaves the machine). */
export function saveFile(file: Download) {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
