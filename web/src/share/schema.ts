// What JSON from outside may contain: share links, imported native reports, and (as a sanity
// check) the wasm module's own responses. Everything is bounded: string lengths, array sizes,
// number ranges. Objects are strict, so an unexpected key (`__proto__` included) is an error
// rather than something copied along.
import { z } from 'zod';
import { BUILDS } from './builds';
import { JsEngineSchema } from './js-engine';
import { neutralizeBidi } from './text';

// ISA labels come from the engine's catalog (cpp/core/cpu.h, SP_ISA_LIST); data from outside only
// has to look like one.
export const IsaSchema = z.string().regex(/^[a-z0-9.]{1,12}$/, 'not an ISA label');
export type Isa = z.infer<typeof IsaSchema>;

const text = (max: number) => z.string().max(max);
const finite = z.number().finite();
const id = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'not a valid id');
// Kernel ids: ours are ids; a browser peer's names its program ("stockfish.js", share/peers.ts).
const kernelId = z.string().regex(/^[a-z0-9][a-z0-9.-]{0,39}$/, 'not a valid kernel id');
// Parameter and answer keys: lowercase words. Excludes __proto__ by construction, and the two
// other names that mean something to JavaScript objects explicitly.
const key = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'not a valid key')
  .refine((k) => k !== 'constructor' && k !== 'prototype', 'reserved key');
const scalar = z.union([finite, text(256), z.boolean(), z.null()]);
const boundedRecord = <T extends z.ZodType>(value: T, maxKeys: number) =>
  z.record(key, value).refine((r) => Object.keys(r).length <= maxKeys, `at most ${maxKeys} entries`);
// An answer's list of small rows, e.g. chess's divide: [{move: "e2e4", nodes: 600}, ...] (a chess
// position has at most 218 moves).
const answerRows = z.array(boundedRecord(z.union([finite, text(32)]), 4)).max(256);

export const ParamsSchema = boundedRecord(scalar, 16);
export type Params = z.infer<typeof ParamsSchema>;

export const TimingSchema = z
  .object({
    samples: z.number().int().min(1).max(1000),
    reps_per_sample: z.number().int().min(1).max(1e15),
    median_ns: finite.min(0),
    min_ns: finite.min(0),
    mad_ns: finite.min(0),
    ns_per_unit: finite.min(0),
    units_per_second: finite.min(0),
    // Rounds (cpp/core/harness.h): samples counts them, median/min/MAD are theirs, and these are
    // optional so that timings from before them (links, reports, history) still open.
    round_ns: z.array(finite.positive()).min(1).max(1000).optional(),
    // The session's rounds of a fixed reference loop, taken in the same passes (cpp/core/harness.h,
    // point 5): how fast the machine itself ran meanwhile, for ratios across sessions (app/ratio.ts).
    reference_ns: z.array(finite.positive()).min(1).max(1000).optional(),
    ci_lo_ns: finite.min(0).optional(),
    ci_hi_ns: finite.min(0).optional(),
    settled: z.boolean().optional(),
  })
  .strict();
export type Timing = z.infer<typeof TimingSchema>;

/** A record's verified_by when its kernel is the puzzle's reference (cpp/core/format.h). */
export const IS_THE_REFERENCE = 'is the reference';

export const RecordSchema = z
  .object({
    puzzle: id,
    case: text(512),
    // The case's identity (cpp/core/engine.h). Optional in data from outside: the page recomputes
    // it from the params with the engine and never trusts a given one.
    case_key: text(4096).optional(),
    params: ParamsSchema,
    kernel: kernelId,
    isa: IsaSchema,
    build: text(40),
    answer: boundedRecord(z.union([scalar, z.array(finite).max(64), answerRows]), 16),
    verified: z.boolean().nullable(),
    verified_by: text(120),
    work: z.number().int().min(0),
    work_unit: text(32),
    input: z.object({ bytes: z.number().int().min(0), fnv1a64: z.string().regex(/^[0-9a-f]{16}$/) }).strict().optional(),
    timing: TimingSchema.optional(),
    // The measuring session (one Run, Benchmark, Suite run or native report) whose passes
    // interleaved its rounds, and whether round i was taken back to back with round i of every
    // other paired record of that session (app/ratio.ts). Optional: older records have neither.
    session: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'not a session id').optional(),
    paired: z.boolean().optional(),
  })
  .strict();
export type ResultRecord = z.infer<typeof RecordSchema>;

// Native (C++) and browser fields; the browser adds its own to the wasm module's.
export const EnvironmentSchema = z
  .object({
    side: z.enum(['native', 'wasm']),
    build: text(40),
    arch: text(40),
    cpu: text(160),
    features: text(400),
    compiler: text(160),
    flags: text(400),
    timer_resolution_ns: finite.min(0),
    date: text(40),
    user_agent: text(400).optional(),
    cores: z.number().int().min(0).max(4096).optional(),
    cross_origin_isolated: z.boolean().optional(),
    simd128_supported: z.boolean().optional(),
    relaxed_simd_supported: z.boolean().optional(),
    // The browser's JavaScript engine (share/js-engine.ts); absent in native reports and in links
    // made before it was recorded, which still open.
    engine: JsEngineSchema.optional(),
  })
  .strict();
export type Environment = z.infer<typeof EnvironmentSchema>;

// A user's kernel (the playground, app/playground/): the slot it fills and its C++ source, as
// text. A link, a history entry and a downloaded report may carry one; it is shown in the editor
// as text and compiled only when the viewer asks (and confirms), never run as a script.
export const MAX_PLAYGROUND_SOURCE = 50_000;
export const PlaygroundSourceSchema = z
  .object({
    slot: id,
    source: z.string().min(1).max(MAX_PLAYGROUND_SOURCE).refine((t) => !t.includes('\0'), 'a NUL character'),
  })
  .strict();
export type PlaygroundSource = z.infer<typeof PlaygroundSourceSchema>;

export const REPORT_SCHEMA = 'simd-puzzles.report/2';
export const MAX_REPORT_RECORDS = 5000;
export const ReportSchema = z
  .object({
    schema: z.literal(REPORT_SCHEMA),
    environment: EnvironmentSchema,
    records: z.array(RecordSchema).max(MAX_REPORT_RECORDS),
    // A download of a run of the user's kernel carries its source (app/playground/).
    playground: PlaygroundSourceSchema.optional(),
  })
  .strict();
export type Report = z.infer<typeof ReportSchema>;

// The state a share link carries (version 1).
export const MAX_SHARED_RECORDS = 64;
export const LinkStateSchema = z
  .object({
    v: z.literal(1),
    puzzle: id,
    params: ParamsSchema,
    kernels: z.array(z.string().regex(/^[a-z0-9.-]{1,40}\/[a-z0-9.]{1,12}$/)).max(64),
    builds: z.array(z.enum(BUILDS)).min(1).max(BUILDS.length),
    shared: z
      .object({
        environment: EnvironmentSchema,
        native: EnvironmentSchema.nullable(),
        records: z.array(RecordSchema).max(MAX_SHARED_RECORDS),
      })
      .strict()
      .optional(),
    // The sharer's own kernel, as source (optional: links without one, and older links, open).
    playground: PlaygroundSourceSchema.optional(),
  })
  .strict();
export type LinkState = z.infer<typeof LinkStateSchema>;

// How busy other programs kept the CPU while a native record was measured (share/verify.ts,
// CpuShare): a suite link's native records keep it, so the viewer's ratios from them are marked
// doubtful as the sharer's were. Optional: links made before it was carried still open.
export const CpuShareSchema = z
  .object({ others_cores: finite.min(0).max(4096), cores: z.number().int().min(1).max(4096) })
  .strict()
  .refine((c) => c.others_cores <= c.cores, 'others_cores: more than the machine’s cores');
export const SuiteNativeRecordSchema = RecordSchema.extend({ cpu_shared: CpuShareSchema.optional() }).strict();
export type SuiteNativeRecord = z.infer<typeof SuiteNativeRecordSchema>;

// A suite's scoreboard as a link (the Suite screen's Copy link, app/suite-controller.ts): the
// sharer's browser records of every puzzle, and the native records their scoreboard compared
// with (each row's best native kernel and the same kernel natively). Claims, all of it.
export const MAX_SUITE_RECORDS = 160;
export const MAX_SUITE_NATIVE_RECORDS = 40;
export const SuiteLinkStateSchema = z
  .object({
    v: z.literal(1),
    suite: z
      .object({
        profile: z.enum(['full', 'smoke']),
        environment: EnvironmentSchema,
        records: z.array(SuiteNativeRecordSchema).min(1).max(MAX_SUITE_RECORDS),
        native: z.object({ environment: EnvironmentSchema, records: z.array(SuiteNativeRecordSchema).max(MAX_SUITE_NATIVE_RECORDS) }).strict().nullable(),
      })
      .strict(),
  })
  .strict();
export type SuiteLinkState = z.infer<typeof SuiteLinkStateSchema>;

export class ForbiddenKey extends Error {}

/**
 * JSON.parse for text from outside (share links, imported reports). Keys that mean something to
 * JavaScript objects are refused outright wherever they appear (zod's records would quietly drop
 * `__proto__`; we want hostile input rejected and reported, not tidied up), and every string has
 * its bidi controls neutralised before anything can show it. Throws SyntaxError or ForbiddenKey.
 */
export function parseUntrustedJson(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw new ForbiddenKey(key);
    return typeof value === 'string' ? neutralizeBidi(value) : value;
  });
}

// Turns a zod failure into one readable line: where, and what.
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid data';
  const where = issue.path.length ? issue.path.map(String).join('.') : 'top level';
  return `${where}: ${issue.message}`;
}
