// "Download results": the open puzzle's own results (every case the viewer ran), or the Suite's
// last Run all (every puzzle), as a file, JSON in
// the native report's schema (it imports back, as a browser's results) or CSV with the columns of
// `simd-puzzles bench --csv` (share/export.ts).
import { BUILDS, recordBuild } from '../share/builds';
import { exportReport, toCsv } from '../share/export';
import { listOf } from './state/records';
import { puzzleStateOf } from './state/selectors';
import type { PageState } from './state/store';
import type { PageRecord } from '../share/verify';

export type DownloadFormat = 'json' | 'csv';

export interface Download {
  name: string;
  type: string;
  text: string;
}

/** The file for the open puzzle, or why there is none. */
export function downloadOf(s: PageState, format: DownloadFormat): Download | { error: string } {
  return resultsFile(s, listOf(puzzleStateOf(s).mine), s.puzzleId, format);
}

/** `records` (the viewer's, of one puzzle or of the suite: `name` says which) as a file in the
 * browser's environment, or why there is none. */
export function resultsFile(s: PageState, records: readonly PageRecord[], name: string, format: DownloadFormat): Download | { error: string } {
  if (!records.length) return { error: 'Nothing to download yet: run something first.' };
  const build = BUILDS.find((b) => records.some((r) => r.build === recordBuild(b))) ?? [...s.builds][0]!;
  const environment = s.environments.get(build) ?? s.environments.values().next().value;
  if (!environment) return { error: 'Nothing to download: no wasm build is loaded.' };
  const report = exportReport(environment, records);
  const stem = `simd-puzzles-${name}-${environment.engine?.name.toLowerCase() ?? 'browser'}-${new Date().toISOString().slice(0, 10)}`;
  return format === 'json'
    ? { name: `${stem}.json`, type: 'application/json', text: `${JSON.stringify(report, null, 2)}\n` }
    : { name: `${stem}.csv`, type: 'text/csv', text: toCsv(report.records) };
}

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
