// Native numbers for the page: the report `npm start` measured on this machine (served at
// /api/native-bench.json), or a report file the user imports (`simd-puzzles bench --json`).
import { describeIssue, ForbiddenKey, parseUntrustedJson, ReportSchema, type Report } from '../share/schema';

export type NativeOrigin = 'same-machine' | 'served' | 'imported';

export interface NativeSource {
  report: Report;
  origin: NativeOrigin;
  fileName?: string;
}

export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;

export function parseReport(text: string): { ok: true; report: Report } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = parseUntrustedJson(text);
  } catch (e) {
    return { ok: false, error: e instanceof ForbiddenKey ? `it uses a forbidden key ('${e.message}')` : 'the file is not JSON' };
  }
  const parsed = ReportSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: `not a simd-puzzles report: ${describeIssue(parsed.error)}` };
  if (parsed.data.environment.side !== 'native') return { ok: false, error: 'this report holds wasm results, not native ones' };
  return { ok: true, report: parsed.data };
}

export async function fetchServedNative(): Promise<NativeSource | { error: string } | null> {
  let body: { available?: boolean; sameMachine?: boolean; report?: unknown };
  try {
    const res = await fetch('api/native-bench.json', { cache: 'no-store' });
    if (!res.ok) return null;
    body = await res.json();
  } catch {
    return null; // served without our server plugin: no native numbers, not an error
  }
  if (!body.available) return null;
  const parsed = parseReport(JSON.stringify(body.report));
  if (!parsed.ok) return { error: `the native benchmark on the server is unreadable: ${parsed.error}` };
  return { report: parsed.report, origin: body.sameMachine === true ? 'same-machine' : 'served' };
}

export async function importReportFile(file: File): Promise<NativeSource | { error: string }> {
  if (file.size > MAX_IMPORT_BYTES) return { error: `${file.name} is larger than 16 MB` };
  const parsed = parseReport(await file.text());
  if (!parsed.ok) return { error: `${file.name}: ${parsed.error}` };
  return { report: parsed.report, origin: 'imported', fileName: file.name.slice(0, 120) };
}
