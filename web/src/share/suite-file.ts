// The Suite's download as JSON: everything needed to read its scoreboard again, on another day or
// another machine. The browser records of Run all, the native records its scoreboard compared
// with (each row's best native kernel and the same kernel natively, with their shared-CPU marks),
// both environments, the profile, and for a person reading the file the date, browser, machine
// and the cases in words. Imported back (app/file-import.ts) it shows the same scoreboard, native
// columns included, as a claimed one: the same checks as a suite link (app/suite-controller.ts).
import { z } from 'zod';
import { describeIssue, EnvironmentSchema, ForbiddenKey, MAX_REPORT_RECORDS, parseUntrustedJson, SuiteNativeRecordSchema } from './schema';

export const SUITE_FILE_SCHEMA = 'simd-puzzles.suite/1';

const text = (max: number) => z.string().max(max);

export const SuiteFileSchema = z
  .object({
    schema: z.literal(SUITE_FILE_SCHEMA),
    /** When the file was written (ISO 8601), the browser and machine in words: for people. */
    date: text(40),
    browser: text(200),
    machine: text(200),
    profile: z.enum(['full', 'smoke']),
    environment: EnvironmentSchema,
    // Browser records keep their shared-CPU mark as native ones do: a re-import reads as the original.
    records: z.array(SuiteNativeRecordSchema).min(1).max(MAX_REPORT_RECORDS),
    /** The native numbers the scoreboard used, and where they came from in words. */
    native: z.object({ environment: EnvironmentSchema, origin: text(200), records: z.array(SuiteNativeRecordSchema).max(MAX_REPORT_RECORDS) }).strict().nullable(),
    /** Each case in words (app/case-words.ts), for people; the page recomputes them. */
    cases: z.array(z.object({ puzzle: text(40), case_key: text(4096), words: text(300) }).strict()).max(200),
  })
  .strict();
export type SuiteFile = z.infer<typeof SuiteFileSchema>;

/** What an imported file turned out to be: a suite file, a CSV (refused with the reason), or
 * anything else (a report: app/native.ts reads it). */
export type ImportKind = { kind: 'suite'; file: SuiteFile } | { kind: 'refused'; error: string } | { kind: 'other' };

/** Tells a suite file and a CSV from other imports; a suite file that does not read is refused
 * with where it breaks. */
export function classifyImport(text: string, fileName: string): ImportKind {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (/\.csv$/i.test(fileName) || start.startsWith('# simd-puzzles') || start.startsWith('"# ') || /^puzzle,case,case_key,/.test(start))
    return { kind: 'refused', error: `${fileName} is a CSV file, for spreadsheets: the page imports the JSON download (Download results as “JSON (imports back)”), which holds the same records and more` };
  if (!start.includes(SUITE_FILE_SCHEMA)) return { kind: 'other' };
  let value: unknown;
  try {
    value = parseUntrustedJson(text);
  } catch (e) {
    return e instanceof ForbiddenKey ? { kind: 'refused', error: `${fileName}: it uses a forbidden key ('${e.message}')` } : { kind: 'other' };
  }
  if (!value || typeof value !== 'object' || (value as { schema?: unknown }).schema !== SUITE_FILE_SCHEMA) return { kind: 'other' };
  const parsed = SuiteFileSchema.safeParse(value);
  if (!parsed.success) return { kind: 'refused', error: `${fileName}: not a readable Suite file: ${describeIssue(parsed.error)}` };
  return { kind: 'suite', file: parsed.data };
}
