// The Suite's downloads, the pure part: the JSON (share/suite-file.ts: browser and native records,
// profile, environments, date, browser, machine, cases in words) and the CSV with the same facts
// in its header block and numbers rounded (share/export.ts). The controller (suite-controller.ts)
// gathers what goes in; the files carry everything needed to read the scoreboard again.
import { describeBrowser } from '../share/js-engine';
import { nativeLinkRecord, portableRecord, toCsv, type CsvMeta } from '../share/export';
import type { Environment } from '../share/schema';
import { SUITE_FILE_SCHEMA, type SuiteFile } from '../share/suite-file';
import type { PageRecord } from '../share/verify';
import { machineOf } from './history';
import type { SuiteProfile } from './state/store';

export interface SuiteExport {
  records: readonly PageRecord[];
  profile: SuiteProfile;
  environment: Environment;
  /** The native records the scoreboard compared with (suite.ts, nativeUsed), their machine and
   * where they came from in words; null when the page had none. */
  native: { environment: Environment; origin: string; records: readonly PageRecord[] } | null;
  /** A case in words (case-words.ts, caseTitle). */
  words: (record: PageRecord) => string;
  date: Date;
}

/** A browser record as a file carries it: without what only this page knows. */
// A browser record keeps its shared-CPU mark, as a native one does (nativeLinkRecord).
const fileRecord = (r: PageRecord) => nativeLinkRecord(r);

/** The Suite's JSON download. */
export function suiteFile(x: SuiteExport): SuiteFile {
  const seen = new Set<string>();
  const cases: SuiteFile['cases'] = [];
  for (const r of x.records) {
    const key = `${r.puzzle}|${r.case_key}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cases.push({ puzzle: r.puzzle, case_key: r.case_key, words: x.words(r).slice(0, 300) });
  }
  return {
    schema: SUITE_FILE_SCHEMA,
    date: x.date.toISOString(),
    browser: describeBrowser(x.environment).slice(0, 200),
    machine: machineOf(x.environment).slice(0, 200),
    profile: x.profile,
    environment: x.environment,
    records: x.records.map(fileRecord),
    native: x.native ? { environment: x.native.environment, origin: x.native.origin.slice(0, 200), records: x.native.records.map(nativeLinkRecord) } : null,
    cases: cases.slice(0, 200),
  };
}

/** The header block a CSV download of browser records starts with: date, browser, machine, then
 * whatever else the caller knows (profile, native numbers), then each case in words. */
export function csvMeta(environment: Environment, date: Date, records: readonly PageRecord[], words: (record: PageRecord) => string, more: CsvMeta = []): CsvMeta {
  const cases = new Map<string, string>();
  for (const r of records) if (!cases.has(`${r.puzzle}|${r.case_key}`)) cases.set(`${r.puzzle}|${r.case_key}`, words(r));
  return [
    ['date', date.toISOString()],
    ['browser', describeBrowser(environment)],
    ['machine', machineOf(environment)],
    ['build', `${environment.build}, ${environment.compiler} ${environment.flags}`.trim()],
    ...more,
    ...[...cases.values()].map((w) => ['case', w] as const),
  ];
}

/** The Suite's CSV download: the same facts as its JSON in the header block, the browser records
 * then the native ones (their build column says which), numbers rounded. */
export function suiteCsv(x: SuiteExport): string {
  const native = x.native;
  const more: CsvMeta = [
    ['profile', x.profile],
    ['native', native ? `${native.environment.cpu}, ${native.environment.compiler} (${native.origin}); its ${native.records.length} records follow the browser's` : 'none: the page had no native numbers'],
  ];
  const rows = [...x.records.map(fileRecord), ...(native?.records ?? []).map(portableRecord)];
  return toCsv(rows, { meta: csvMeta(x.environment, x.date, x.records, x.words, more), rounded: true });
}
