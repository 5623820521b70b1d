// The page's side of the playground's HTTP API (docs/playground.md, "What happens to a source"; the server is
// scripts/lib/playground/): what the server offers, a build of the user's source, its progress
// (long-polled), Stop. Every answer is data from outside: parsed with bounded schemas, shown as
// text only. Every failure becomes a sentence a person can read (`PlaygroundError`).
import { z } from 'zod';

export const MAX_SOURCE_BYTES = 50_000;

const text = (max: number) => z.string().max(max);
const slotId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

export const SlotSchema = z.object({
  id: slotId,
  puzzle: slotId,
  title: text(200),
  signature: text(600),
  rules: z.array(text(600)).max(20),
  starter: text(MAX_SOURCE_BYTES),
  passes: z.array(text(20)).max(20).optional(),
  group: text(40).optional(),
  /** What a build of the slot makes on this server: native ISA passes, wasm flavours. */
  builds: z.object({ native: z.array(text(20)).max(20), wasm: z.array(text(20)).max(8) }).optional(),
});
export type Slot = z.infer<typeof SlotSchema>;

export const InfoSchema = z.object({
  available: z.boolean(),
  why: text(1000).optional(),
  slots: z.array(SlotSchema).max(20),
  passes: z.object({ native: z.array(text(20)).max(20), native_why: text(2000), wasm: z.array(text(20)).max(4) }).partial().optional(),
});
export type PlaygroundInfo = z.infer<typeof InfoSchema>;

const PASS_WORDS: Record<string, string> = { sse41: 'SSE4.1', avx2: 'AVX2', avx512: 'AVX-512', neon: 'NEON', popcnt: 'POPCNT', bmi2: 'BMI2', gfni: 'GFNI', bitalg: 'BITALG', vpopcntdq: 'VPOPCNTDQ', ext: 'extensions' };
const SCALAR_PASS_WORDS: Record<string, string> = { popcnt: 'scalar with POPCNT', bmi2: 'scalar with BMI2' };
const FLAVOUR_WORDS: Record<string, string> = { simd128: 'SIMD128', relaxed: 'relaxed SIMD', baseline: 'baseline (no SIMD)' };

/** A native ISA pass in words: "SSE4.1 + POPCNT" (sse41_popcnt), "scalar with POPCNT" (popcnt). */
export function passWords(pass: string): string {
  return SCALAR_PASS_WORDS[pass] ?? pass.split('_').map((x) => PASS_WORDS[x] ?? x).join(' + ');
}

const listWords = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** What Compile and run makes of `slot` on this server, in one sentence, before anyone presses
 * it: the native passes this CPU runs (or why there are none) and the wasm flavours. Null where
 * the server did not say (an older one). */
export function buildsHereWords(slot: Slot, info: PlaygroundInfo): string | null {
  const builds = slot.builds;
  if (!builds) return null;
  const made = [
    builds.native.length ? `natively for ${listWords(builds.native.map(passWords))}` : null,
    builds.wasm.length ? `to wasm ${listWords(builds.wasm.map((f) => FLAVOUR_WORDS[f] ?? f))}` : null,
  ].filter((x) => x !== null);
  const missing = [
    builds.native.length ? null : `no native build: ${info.passes?.native_why ?? 'this CPU runs none of the slot’s native ISA passes'}`,
    builds.wasm.length ? null : 'no wasm build: the server has no wasm link kit for this slot',
  ].filter((x) => x !== null);
  return `On this server it compiles ${made.length ? made.join(', and ') : 'nothing'}${missing.length ? `; ${missing.join('; ')}` : ''}.`;
}

export const DiagnosticSchema = z.object({
  line: z.number().int().min(0).max(100_000),
  column: z.number().int().min(0).max(100_000).optional(),
  severity: z.enum(['error', 'warning', 'note']),
  message: text(4000),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

export const StepSchema = z.object({
  target: text(60),
  // waiting, running, ok, failed, skipped, stopped (a word the page does not know shows as it is)
  state: z.string().regex(/^[a-z-]{1,20}$/),
  seconds: z.number().min(0).max(1e6).nullable().optional(),
  diagnostics: z.array(DiagnosticSchema).max(500).optional(),
  log: text(100_000).optional(),
  why: text(2000).optional(),
});
export type BuildStep = z.infer<typeof StepSchema>;

export const BuildStates = ['queued', 'building', 'stopping', 'done', 'failed', 'stopped'] as const;
export type BuildState = (typeof BuildStates)[number];

// A module or listing URL the server gives: a path of its own API, never another origin.
const apiUrl = z.string().max(400).regex(/^\/?api\/playground\/[A-Za-z0-9_./-]+$/, 'not a playground URL').refine((u) => !u.includes('..'), 'not a playground URL');

export const BuildSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  slot: slotId,
  state: z.enum(BuildStates),
  steps: z.array(StepSchema).max(40),
  native: z.object({ available: z.boolean(), kernels: z.array(text(60)).max(40).optional() }).optional(),
  // relaxed: the simd128 module rewritten by the server (scripts/relax-wasm.mjs), as ours is.
  wasm: z.object({ simd128: apiUrl.optional(), relaxed: apiUrl.optional(), baseline: apiUrl.optional() }).optional(),
  listings: z.record(z.string().max(40), apiUrl).optional(),
  why: text(2000).optional(),
});
export type PlaygroundBuild = z.infer<typeof BuildSchema>;

export class PlaygroundError extends Error {
  constructor(message: string, readonly status = 0, readonly running?: string) {
    super(message);
  }
}

/** A relative address of the page's own server (the page may be served under a sub-path). */
const rel = (url: string) => (url.startsWith('/') ? url.slice(1) : url);

/** A module/listing URL the server gave, resolved against the page's address. */
export const resolveApiUrl = (url: string, base: string = location.href) => new URL(rel(url), base).href;

async function call<T>(method: string, url: string, schema: z.ZodType<T>, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      cache: 'no-store',
      signal,
      ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } : {}),
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new PlaygroundError('The page’s server did not answer (is npm start still running?).');
  }
  let value: unknown = null;
  try {
    value = await res.json();
  } catch {
    value = null;
  }
  if (!res.ok) {
    const v = (value ?? {}) as { error?: unknown; running?: unknown; id?: unknown };
    const said = typeof v.error === 'string' ? v.error.slice(0, 600) : '';
    const running = typeof v.running === 'string' ? v.running : typeof v.id === 'string' ? v.id : undefined;
    throw new PlaygroundError(said || defaultRefusal(res.status), res.status, running);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new PlaygroundError('The server’s answer was not one this page understands (a different version of the server?).', res.status);
  return parsed.data;
}

/** The sentence for a refusal the server did not put in words. */
export function defaultRefusal(status: number): string {
  if (status === 404) return 'This server has no playground (a static copy of the page, or an older server).';
  if (status === 409) return 'Another build is running; wait for it or stop it.';
  if (status === 413) return `The source is too long for the server (at most ${MAX_SOURCE_BYTES / 1000} kB).`;
  if (status === 429) return 'Too many builds are waiting; try again when one has finished.';
  if (status === 403) return 'The server refused: only the page it serves, on this machine, may compile.';
  if (status >= 500) return 'The server failed to answer this request (its terminal says why).';
  return `The server refused the request (HTTP ${status}).`;
}

/** What the server offers; null where there is no playground server (a static site). */
export async function playgroundInfo(): Promise<PlaygroundInfo | null> {
  try {
    return await call('GET', 'api/playground', InfoSchema);
  } catch {
    return null;
  }
}

/** Why the source cannot be sent as it is, or null. */
export function sourceProblem(source: string): string | null {
  if (!source.trim()) return 'The editor is empty: write a kernel first (Restore ours brings ours back).';
  if (source.includes('\0')) return 'The source holds a NUL character, which no C++ file has.';
  const bytes = new TextEncoder().encode(source).length;
  if (bytes > MAX_SOURCE_BYTES) return `The source is ${bytes.toLocaleString('en-US')} bytes; the server compiles at most ${MAX_SOURCE_BYTES.toLocaleString('en-US')}.`;
  return null;
}

export async function startBuild(slot: string, source: string): Promise<{ id: string }> {
  return call('POST', 'api/playground/builds', z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/) }), { slot, source });
}

/** The build's state; with `waitMs`, the server answers once it changes or the time passes. */
export async function buildStatus(id: string, waitMs = 0, signal?: AbortSignal): Promise<PlaygroundBuild> {
  return call('GET', `api/playground/builds/${encodeURIComponent(id)}${waitMs ? `?wait=${waitMs}` : ''}`, BuildSchema, undefined, signal);
}

export async function stopBuild(id: string): Promise<void> {
  await call('DELETE', `api/playground/builds/${encodeURIComponent(id)}`, z.unknown()).catch(() => undefined);
}

/** Whether a build has ended (nothing will change any more). */
export const ended = (b: PlaygroundBuild) => b.state === 'done' || b.state === 'failed' || b.state === 'stopped';

/** Step targets in words ("native-avx2" -> "g++ AVX2", "native-sse41_popcnt" -> "g++ SSE4.1 + POPCNT"). */
export function targetWords(target: string): string {
  // Not compiled: the SIMD128 module with its swizzles relaxed by wabt.
  if (target === 'wasm-relaxed') return 'wasm relaxed SIMD (from SIMD128, wabt)';
  const m = /^(native|link|wasm|listing)-(.+)$/.exec(target);
  if (!m) return target;
  const rest = m[2]!;
  if (m[1] === 'native') return `g++ ${passWords(rest)}`;
  if (m[1] === 'link') return `link ${rest}`;
  if (m[1] === 'wasm') return `em++ wasm ${FLAVOUR_WORDS[rest] ?? rest}`;
  return `listing ${FLAVOUR_WORDS[rest] ?? rest}`;
}

/** One sentence on how a build ended, for the status line. */
export function buildOutcome(b: PlaygroundBuild): string {
  const failed = b.steps.filter((s) => s.state === 'failed');
  if (b.state === 'done') {
    const ok = b.steps.filter((s) => s.state === 'ok').length;
    return `Built: ${ok} step${ok === 1 ? '' : 's'} ok${failed.length ? `, ${failed.length} failed (${failed.map((s) => targetWords(s.target)).join(', ')})` : ''}.`;
  }
  if (b.state === 'stopped') return b.why ?? 'Stopped: the build was stopped.';
  if (b.state === 'failed') {
    // The same error from every pass is one error.
    const seen = new Set<string>();
    const errors = b.steps.flatMap((s) => s.diagnostics ?? []).filter((d) => d.severity === 'error' && !seen.has(`${d.line}|${d.column}|${d.message}`) && seen.add(`${d.line}|${d.column}|${d.message}`));
    const first = failed[0];
    const why = b.why ?? first?.why;
    // A step's own why ("1 error") says less than the count does; the build's may say more.
    if (errors.length) return `Does not compile: ${errors.length} error${errors.length === 1 ? '' : 's'}${errors[0]!.line > 0 ? `, the first on line ${errors[0]!.line}` : ''}.${b.why ? ` ${b.why}` : ''}`;
    return `The build failed${first ? ` at ${targetWords(first.target)}` : ''}${why ? `: ${why}` : '.'}`;
  }
  return b.state === 'queued' ? 'Waiting for another build to finish…' : 'Building…';
}
