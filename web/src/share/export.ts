// Results as files: the JSON of a native report (`simd-puzzles bench --json`, the same schema, so
// it imports back like one) and CSV with the columns `simd-puzzles bench --csv` writes
// (cpp/core/csv.cpp, the same columns and number spelling: tests/e2e/export.test.ts compares them).
import { REPORT_SCHEMA, type Environment, type Report, type ResultRecord, type SuiteNativeRecord } from './schema';
import type { PageRecord } from './verify';

/** A record as it leaves the page: without what only this page knows (a claim mark, a peer's
 * start-up time, "measured now", how busy this machine was: a suite link's native records keep
 * that, nativeLinkRecord). Share links and exported files carry the same. */
export function portableRecord({ claimed: _claimed, startup_ns: _startup, measured_now: _now, cpu_shared: _shared, ...record }: PageRecord): ResultRecord {
  return record;
}

/** A native record as a suite link carries it (share/schema.ts, SuiteNativeRecordSchema): portable,
 * keeping how busy the CPU was while it was measured, so the viewer's ratios from it are doubtful
 * as the sharer's were; "measured now" is this page's own news and stays here. */
export function nativeLinkRecord({ cpu_shared, ...record }: PageRecord): SuiteNativeRecord {
  return { ...portableRecord(record), ...(cpu_shared ? { cpu_shared: { others_cores: cpu_shared.others_cores, cores: cpu_shared.cores } } : {}) };
}

/** The viewer's records as a report (`environment`: the browser's, engine included). */
export function exportReport(environment: Environment, records: readonly PageRecord[]): Report {
  return { schema: REPORT_SCHEMA, environment, records: records.map(portableRecord) };
}

/** The CSV columns, in order: one row per record. params and answer are JSON (sorted keys). */
export const CSV_COLUMNS = [
  'puzzle', 'case', 'case_key', 'kernel', 'isa', 'build', 'verified', 'verified_by', 'work', 'work_unit',
  'samples', 'reps_per_sample', 'median_ns', 'min_ns', 'mad_ns', 'ns_per_unit', 'units_per_second', 'params', 'answer',
] as const;

/**
 * A number as the CSV spells it: the shortest decimal that reads back as the same double, never in
 * exponent form (C++ std::to_chars with chars_format::fixed gives the same digits). JavaScript
 * switches to exponents below 1e-6 and from 1e21; those are written out here.
 */
export function csvNumber(x: number): string {
  if (!Number.isFinite(x)) return '';
  const s = String(x);
  const exp = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!exp) return s;
  const [, sign, lead, frac = '', e] = exp;
  const digits = lead! + frac;
  const point = 1 + Number(e); // where the decimal point goes in `digits`
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  return `${sign}${digits}${'0'.repeat(Math.max(0, point - digits.length))}`;
}

/** JSON with object keys sorted (as nlohmann::json keeps them) and numbers as csvNumber spells them. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? csvNumber(value) : 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return 'null';
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. A field
 * starting with = + - @ (a formula to a spreadsheet) is quoted too, with a leading apostrophe,
 * so opening the file never runs anything from it. */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A number rounded to what it can mean, for a file a person reads: whole numbers as they are,
 * others to six significant digits, and from a million on to a whole number (a time or a rate is
 * never known that closely: 3730000.000000006 is 3730000). The checks on records from elsewhere
 * allow 1 part in 1000 between a rate and its median (share/verify.ts), far more than this moves.
 */
export function roundedNumber(x: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  return Math.abs(x) >= 1e6 ? Math.round(x) : Number(x.toPrecision(6));
}

function cells(r: ResultRecord, rounded: boolean): string[] {
  const t = r.timing;
  const num = (x: number | undefined) => (x === undefined ? '' : csvNumber(rounded ? roundedNumber(x) : x));
  return [
    r.puzzle, r.case, r.case_key ?? '', r.kernel, r.isa, r.build, r.verified === null ? '' : String(r.verified), r.verified_by,
    num(r.work), r.work_unit, num(t?.samples), num(t?.reps_per_sample), num(t?.median_ns), num(t?.min_ns), num(t?.mad_ns),
    num(t?.ns_per_unit), num(t?.units_per_second), canonicalJson(r.params), canonicalJson(r.answer),
  ];
}

/** What a downloaded CSV says about itself, above its table: (name, value) pairs, each a line
 * "# name: value" (a comment to a person, one cell to a spreadsheet). */
export type CsvMeta = readonly (readonly [name: string, value: string])[];

/** The first line of a downloaded CSV's header block: how the page tells its own CSV apart. */
export const CSV_TITLE = '# simd-puzzles results';

/**
 * The records as CSV, CRLF-terminated: a header line of CSV_COLUMNS, then one line per record,
 * as `simd-puzzles bench --csv` writes them. The page's downloads add `meta` (CSV_TITLE and a line
 * per pair above the table: date, browser, machine, the cases in words) and `rounded` numbers
 * (roundedNumber); without them the bytes are the CLI's (tests/e2e/export.test.ts).
 */
export function toCsv(records: readonly ResultRecord[], options: { meta?: CsvMeta; rounded?: boolean } = {}): string {
  const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');
  const head = options.meta ? [CSV_TITLE, ...options.meta.map(([name, value]) => csvField(oneLine(`# ${name}: ${value}`)))] : [];
  return [...head, CSV_COLUMNS.join(','), ...records.map((r) => cells(r, options.rounded === true).map(csvField).join(','))].map((line) => `${line}\r\n`).join('');
}
