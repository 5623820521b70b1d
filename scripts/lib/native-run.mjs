// "Measure natively now": the page asks the local server (npm start, npm run dev) to measure the
// case on screen natively on this machine. The body is the engine request the page sends its wasm
// worker; the server checks it against the engine's catalog and hands it, as JSON, to the resident
// native engine (lib/native-engine.mjs). Nothing the page sends becomes a command-line argument.
//
//   POST   /api/native-run   body: {"action": "run", "puzzle", "params", "kernels"?, "time": true,
//                                   "harness"?: {rounds, batch_ms, max_rounds, budget_s, seed},
//                                   "session"?: "id", "playground"?: "<build id>"}   (cpp/core/engine.h, "run")
//          with "playground": the run goes to that playground build's engine (the user's kernel
//          `yours` beside ours, in the run jail: lib/playground/engines.mjs), never the stock one
//          202 {state: "running", id}          measuring (the engine took it: its first event came)
//          200 {state: "done", id, ...}        already done (a short request, e.g. a session's round)
//          400 {error, field?}                 not a page case: an unknown field or parameter, a
//                                              value outside the catalog's bounds, a kernel or a
//                                              harness option the engine refuses (its words)
//          404 {error}                         no such puzzle
//          409 {error, running?: {id, puzzle, case}}  one run at a time (any tab); or npm start's
//                                              benchmark is measuring, or a playground build compiles
//          413 {error}                         a body over 64 KiB
//          503 {error}                         no native CLI built here
//   GET    /api/native-run   the run now or the last one: {state: idle | running | done | failed |
//                            stopped, id, puzzle, case, ...}; running: step, steps (the engine's
//                            count of verification calls, warm-ups and rounds), fraction, phase,
//                            kernel, elapsed_s, cap_s; done: result {report (as `bench --json`
//                            writes one), cpu_load {cores, others_cores}, failed, skipped}, seconds;
//                            stopped: cause "stop" | "cap" | "server" and error (in words)
//   GET    /api/native-run?wait=<id>  the same, once run <id> has ended (or after WAIT_MS, still
//                            running: ask again). Short paired rounds: POST a run with a "session"
//                            and a few rounds, then GET ?wait=<its id> for its records.
//   DELETE /api/native-run   stops the run in progress, whichever tab started it
//   GET    /api/cpu-load     machine counters to diff around a browser round: {available, total,
//                            idle, steal, cores (ticks of /proc/stat), native_engine {measuring,
//                            measured_ms}, benchmark {running, phase}}: the page marks a browser
//                            timing "shared CPU" when others were busy or either side measured
//   Anything else: 405 {error}. Every refusal is JSON {error} a person can read; no answer carries
//   a stack trace or a server path (every handler is wrapped).
//
// Only the page itself may ask. The server listens on this machine, but any website open in the
// same browser can send requests to 127.0.0.1, and a DNS-rebinding name can make them look
// same-origin: so the request must come from a loopback address, name a loopback host with the
// server's own port (Host), and a request that starts or stops a run must carry the page's own
// Origin and a JSON body (which a cross-site form cannot send without a preflight; CORS is off in
// web/vite.config.ts, so no preflight is ever granted). One measuring request at a time, none while
// the background benchmark measures (the two would share the CPU); a 10-minute cap ends a run (3
// minutes for a playground build's run: a user's kernel may never return).
import { readFileSync } from 'node:fs';
import { machineCounters } from './cpu-load.mjs';
import { EngineError, NativeEngine, STOPPED_ON_REQUEST } from './native-engine.mjs';
import { nativeBenchStatusPath } from './native-results.mjs';

export const NATIVE_RUN_PATH = '/api/native-run';
export const CPU_LOAD_PATH = '/api/cpu-load';
export const NATIVE_RUN_CAP_MS = 10 * 60 * 1000;
/** The cap of a run of a playground build (a user's kernel may never return). */
export const PLAYGROUND_RUN_CAP_MS = 3 * 60 * 1000;
export const MAX_BODY_BYTES = 64 * 1024;
/** How long GET ?wait= holds an answer back while the run goes on. */
export const WAIT_MS = 25_000;
// A body past this is not read further: the connection closes after the 413.
const MAX_DRAIN_BYTES = 16 * 1024 * 1024;
// {"harness": {"rounds": 3}} is three levels deep; nothing the page sends is deeper.
const MAX_DEPTH = 4;
const MAX_KERNELS = 64;
// How long POST waits for the engine's first word (its first progress event, or its refusal).
const FIRST_WORD_MS = 5000;
const REPORT_SCHEMA = 'simd-puzzles.report/2';

const RUN_FIELDS = new Set(['action', 'puzzle', 'params', 'kernels', 'time', 'harness', 'session', 'playground']);
/** A playground build id (lib/playground/compile.mjs): sha256 in hex. */
export const PLAYGROUND_ID = /^[0-9a-f]{64}$/;
const HARNESS_FIELDS = new Set(['rounds', 'batch_ms', 'max_rounds', 'budget_s', 'seed']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isLoopbackAddress(address) {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '');
}

/** User text quoted in a message: short, one line. */
const quoted = (text) => `'${String(text).slice(0, 40).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')}'`;

/**
 * Why a request may not use the endpoint, or null: `host`, `origin`, `secFetchSite` are its
 * headers, `remote` its peer address, `port` the port the server listens on, `changes` whether it
 * starts or stops something; `what` names what the endpoint serves, for the first refusal.
 */
export function refusal({ method, host, origin, secFetchSite, contentType, remote, port, changes, what = 'native runs' }) {
  if (!isLoopbackAddress(remote)) return `only this machine may ask for ${what}`;
  const name = (host ?? '').toLowerCase();
  const colon = name.lastIndexOf(':');
  if (colon < 0 || !LOOPBACK_HOSTS.has(name.slice(0, colon)) || name.slice(colon + 1) !== String(port)) return `the Host header ${quoted(host)} is not this server`;
  if (origin !== undefined && origin !== `http://${name}`) return `the request comes from another site (${quoted(origin)})`;
  if (secFetchSite !== undefined && secFetchSite !== 'same-origin' && secFetchSite !== 'none') return 'the request comes from another site';
  if (changes) {
    if (origin === undefined) return 'a request that starts or stops a run must say where it comes from (Origin)';
    if (method === 'POST' && !String(contentType ?? '').startsWith('application/json')) return 'the request must be JSON';
  }
  return null;
}

/** refusal() of an HTTP request to this server (the playground's API asks the same). */
export function refusalOf(req, { changes, what }) {
  return refusal({
    method: req.method ?? 'GET',
    host: req.headers.host,
    origin: req.headers.origin,
    secFetchSite: req.headers['sec-fetch-site'],
    contentType: req.headers['content-type'],
    remote: req.socket.remoteAddress,
    port: req.socket.localPort,
    changes,
    what,
  });
}

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** How deeply `value` nests (a scalar: 0), counted without recursion, up to `limit` + 1. */
export function depthOf(value, limit = MAX_DEPTH) {
  let deepest = 0;
  const todo = [[value, 0]];
  while (todo.length) {
    const [v, depth] = todo.pop();
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(v)) todo.push([child, depth + 1]);
  }
  return deepest;
}

/** The engine's catalog as lookups by name: puzzle id -> {id, params: Map(name -> spec),
 * kernels: Set of ids and "id/isa" keys}. Only Maps and Sets: a name from a request is never a
 * property lookup. */
export function catalogLookup(catalog) {
  const puzzles = new Map();
  for (const p of catalog?.puzzles ?? []) {
    puzzles.set(p.id, {
      id: p.id,
      params: new Map((p.params ?? []).map((spec) => [spec.name, spec])),
      kernels: new Set((p.kernels ?? []).flatMap((k) => [k.id, k.key])),
    });
  }
  return puzzles;
}

const bad = (status, error, field) => ({ status, error, ...(field === undefined ? {} : { field }) });

/** Why `value` is not a value the page could set for param `spec` (the catalog's), or null. */
function paramProblem(spec, value) {
  const name = spec.name;
  switch (spec.kind) {
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d{1,20}$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n)) return `${name} must be an integer`;
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) return `${name} must be in ${spec.min}..${spec.max}, got ${n}`;
      return null;
    }
    case 'text':
      if (typeof value !== 'string') return `${name} must be text`;
      if (spec.max_length !== undefined && [...value].length > spec.max_length) return `${name} is longer than ${spec.max_length} characters`;
      return null;
    case 'choice':
      return typeof value === 'string' && (spec.choices ?? []).includes(value) ? null : `${name} must be one of ${(spec.choices ?? []).join(', ')}`;
    case 'flag':
      return typeof value === 'boolean' ? null : `${name} must be true or false`;
    default:
      return `${name} cannot be set from the page`;
  }
}

/**
 * Whether `body` is a run request the page could send for one of its own cases, judged against
 * the engine's catalog (`puzzles`, catalogLookup): {request} (a fresh object made of the checked
 * parts only) or {status, error, field?}. The engine then checks the params (validate) and the
 * harness options (their bounds are its own) again.
 */
export function checkRunRequest(body, puzzles) {
  if (!isPlainObject(body)) return bad(400, 'the request must be a JSON object: the engine request the page sends its worker');
  if (depthOf(body) > MAX_DEPTH) return bad(400, 'the request nests deeper than any engine request');
  for (const key of Object.keys(body)) if (!RUN_FIELDS.has(key)) return bad(400, `unknown field ${quoted(key)} (a run request has ${[...RUN_FIELDS].join(', ')})`, key);
  if (body.action !== 'run') return bad(400, 'only "run" requests are measured here', 'action');
  if (typeof body.puzzle !== 'string') return bad(400, 'puzzle must be a puzzle id', 'puzzle');
  const puzzle = puzzles.get(body.puzzle);
  if (!puzzle) return bad(404, `unknown puzzle ${quoted(body.puzzle)} (known: ${[...puzzles.keys()].join(', ')})`, 'puzzle');

  const params = body.params ?? {};
  if (!isPlainObject(params)) return bad(400, 'params must be an object of the puzzle’s parameters', 'params');
  const checked = [];
  for (const [key, value] of Object.entries(params)) {
    const spec = puzzle.params.get(key);
    // `file` is the CLI's option, not a parameter: the page never measures a file here.
    if (!spec) return bad(400, `unknown parameter ${quoted(key)} of ${puzzle.id} (known: ${[...puzzle.params.keys()].join(', ')})`, key);
    const problem = paramProblem(spec, value);
    if (problem) return bad(400, problem, key);
    checked.push([key, value]);
  }

  let kernels;
  if (body.kernels !== undefined) {
    if (!Array.isArray(body.kernels) || !body.kernels.length || body.kernels.length > MAX_KERNELS) return bad(400, `kernels must be a list of 1..${MAX_KERNELS} kernel names`, 'kernels');
    for (const k of body.kernels)
      if (typeof k !== 'string' || (k !== 'all' && !puzzle.kernels.has(k))) return bad(400, `unknown kernel ${quoted(k)} of ${puzzle.id}`, 'kernels');
    kernels = [...body.kernels];
  }
  if (body.time !== true) return bad(400, 'time must be true: this endpoint measures', 'time');

  let harness;
  if (body.harness !== undefined) {
    if (!isPlainObject(body.harness)) return bad(400, 'harness must be an object', 'harness');
    harness = [];
    for (const [key, value] of Object.entries(body.harness)) {
      if (!HARNESS_FIELDS.has(key)) return bad(400, `unknown harness option ${quoted(key)} (known: ${[...HARNESS_FIELDS].join(', ')})`, `harness.${key}`);
      if (typeof value !== 'number' || !Number.isFinite(value)) return bad(400, `harness option ${key} must be a number`, `harness.${key}`);
      harness.push([key, value]);
    }
  }
  if (body.session !== undefined && (typeof body.session !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(body.session)))
    return bad(400, 'session must be an id of 1..40 letters, digits, - or _', 'session');
  if (body.playground !== undefined && (typeof body.playground !== 'string' || !PLAYGROUND_ID.test(body.playground)))
    return bad(400, 'playground must be a build id (64 hex digits) from /api/playground/builds', 'playground');

  return {
    request: {
      action: 'run',
      puzzle: puzzle.id,
      params: Object.fromEntries(checked),
      ...(kernels ? { kernels } : {}),
      time: true,
      ...(harness ? { harness: Object.fromEntries(harness) } : {}),
      ...(body.session === undefined ? {} : { session: body.session }),
    },
  };
}

function readStatus() {
  try {
    return JSON.parse(readFileSync(nativeBenchStatusPath, 'utf8'));
  } catch {
    return null;
  }
}

/** What npm start's background benchmark is doing: {running, phase} (phase: build, bench or
 * remeasure; null when it is not running). */
export function backgroundBench() {
  const st = readStatus();
  const running = st?.state === 'running';
  return { running, phase: running && typeof st.phase === 'string' ? st.phase.slice(0, 20) : null };
}

/** Whether npm start's benchmark is measuring. Its last phase, measuring again the cases it
 * measured on a shared CPU (lib/remeasure.mjs), gives way: the person's request comes first, and
 * that process is stopped (after checking that the pid is still native-bench.mjs). */
function backgroundBenchBlocks() {
  const st = readStatus();
  if (st?.state !== 'running') return false;
  if (st.phase !== 'remeasure') return true;
  try {
    if (Number.isInteger(st.pid) && readFileSync(`/proc/${st.pid}/cmdline`, 'utf8').includes('native-bench.mjs')) process.kill(st.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  return false;
}

const capWords = (ms) => (ms >= 60000 ? `${Math.round(ms / 60000)}-minute` : `${Math.round(ms / 1000)}-second`);

/** What a stopped run says, by cause. */
function stoppedWords(cause, capMs, playground = false) {
  if (cause === 'cap' && playground) return `stopped: the server's ${capWords(capMs)} cap ended the run of your build before it was done (does your kernel return for every input? a kernel that loops forever is stopped here, its engine killed)`;
  if (cause === 'cap') return `stopped: the server's ${capWords(capMs)} cap ended the run before it was done (this case takes longer natively with these kernels: pick fewer kernels or a smaller case, or time it with the CLI in a terminal)`;
  if (cause === 'server') return 'stopped: the server stopped';
  return 'stopped: you pressed Stop';
}

/** The endpoint's state and its one run at a time, on `engine` (a NativeEngine). */
export class NativeRunner {
  /** `playground`: the playground's sandboxed engines (lib/playground/engines.mjs), for requests
   * that name a build; without it such a request is refused. */
  /** `compiling()`: why the CPU is taken by a playground build now (a sentence), or null: a run
   * then would share the CPU with the compiler. */
  constructor({ engine = new NativeEngine(), capMs = NATIVE_RUN_CAP_MS, benchBlocks = backgroundBenchBlocks, waitMs = WAIT_MS, playground = null, playgroundCapMs = PLAYGROUND_RUN_CAP_MS, compiling = () => null } = {}) {
    this.compiling = compiling;
    this.engine = engine;
    this.playgroundCapMs = playgroundCapMs;
    this.playground = playground;
    /** Catalogs of the playground engines (each build's own: it has `yours`). */
    this.catalogs = new WeakMap();
    this.capMs = capMs;
    this.benchBlocks = benchBlocks;
    this.waitMs = waitMs;
    this.state = { state: 'idle' };
    /** The run in progress: {id, puzzle, controller, cause} (set from the moment a POST is taken,
     * before any wait, so a second POST meanwhile is refused). */
    this.current = null;
    this.runs = 0;
    this.catalog = null;
    this.environment = null;
    /** Calls waiting for the run now to end (GET ?wait=). */
    this.waiters = new Set();
  }

  /** The engine's catalog as lookups (asked once; asked again after a failure). */
  puzzles(engine = this.engine) {
    if (engine !== this.engine) {
      const asked = this.catalogs.get(engine) ?? engine.request({ action: 'catalog' }).then((c) => {
        if (!c?.ok) throw new EngineError('your build’s engine gave no catalog', 'died');
        return catalogLookup(c);
      });
      this.catalogs.set(engine, asked);
      asked.catch(() => this.catalogs.delete(engine));
      return asked;
    }
    this.catalog ??= this.engine.request({ action: 'catalog' }).then((c) => {
      if (!c?.ok) throw new EngineError('the native engine gave no catalog', 'died');
      return catalogLookup(c);
    });
    this.catalog.catch(() => (this.catalog = null));
    return this.catalog;
  }

  /** The engine a request goes to: {engine} (the stock one, or a playground build's), or a refusal. */
  engineFor(body) {
    if (body === null || typeof body !== 'object' || body.playground === undefined) return { engine: this.engine };
    if (typeof body.playground !== 'string' || !PLAYGROUND_ID.test(body.playground)) return { status: 400, error: 'playground must be a build id (64 hex digits) from /api/playground/builds' };
    if (!this.playground) return { status: 503, error: 'this server compiles no playground builds' };
    return this.playground.engineFor(body.playground);
  }

  /** Starts the run `body` asks for; resolves with [status code, body]. */
  async start(body) {
    if (this.current) return [409, { error: 'a native run is already in progress (in this tab or another): Stop ends it', running: { id: this.current.id, puzzle: this.current.puzzle } }];
    if (this.benchBlocks()) return [409, { error: 'the native benchmark of npm start is still measuring: a run now would share the CPU with it; try again when it is done' }];
    const compiling = this.compiling();
    if (compiling) return [409, { error: compiling }];
    const chosen = this.engineFor(body);
    if (!chosen.engine) return [chosen.status, { error: chosen.error }];
    const engine = chosen.engine;
    if (engine !== this.engine && !engine.available) return [404, { error: 'this playground build has no native binary here: compile it again' }];
    if (!engine.available) return [503, { error: 'the native CLI is not built on this server (npm start builds it; by hand: cmake --preset native && cmake --build --preset native --target simd-puzzles)' }];
    const id = ++this.runs;
    const run = { id, puzzle: typeof body?.puzzle === 'string' ? body.puzzle.slice(0, 40) : '', controller: new AbortController(), cause: null, engine, playground: engine === this.engine ? undefined : body.playground };
    this.current = run;
    let checked;
    try {
      checked = checkRunRequest(body, await this.puzzles(engine));
      if (checked.request) {
        // The engine's own word on the params (a FEN, a board, a facelet string), before any work.
        const valid = await engine.request({ action: 'validate', puzzle: checked.request.puzzle, params: checked.request.params });
        if (!valid.ok) checked = bad(400, String(valid.error ?? 'the engine refused the params').slice(0, 300), typeof valid.field === 'string' ? valid.field.slice(0, 40) : undefined);
        else run.case = String(valid.case ?? '').slice(0, 200);
      }
    } catch (e) {
      this.current = null;
      return [e instanceof EngineError && e.kind !== 'busy' ? 503 : 409, { error: e instanceof EngineError ? e.message : 'the native engine did not answer' }];
    }
    if (!checked.request) {
      this.current = null;
      return [checked.status, { error: checked.error, ...(checked.field === undefined ? {} : { field: checked.field }) }];
    }
    return this.measure(run, checked.request);
  }

  // Hands the checked request to the engine; answers once the engine has taken it (its first
  // progress event), refused it (400), or finished already.
  measure(run, request) {
    const started = Date.now();
    const engine = run.engine ?? this.engine;
    const playground = run.playground === undefined ? {} : { playground: run.playground };
    // A user's kernel that never returns should not hold the CPU for ten minutes: a shorter cap.
    const capMs = run.playground === undefined ? this.capMs : Math.min(this.capMs, this.playgroundCapMs);
    this.state = { state: 'running', id: run.id, ...playground, puzzle: request.puzzle, case: run.case, step: 0, steps: 0, fraction: 0, elapsed_s: 0, cap_s: capMs / 1000, started: new Date(started).toISOString() };
    let cpuLoad = null;
    let firstWord;
    const heard = new Promise((resolve) => (firstWord = resolve));
    const cap = setTimeout(() => this.abort(run, 'cap'), capMs);
    const answer = engine.request(request, {
      signal: run.controller.signal,
      onLoad: (load) => (cpuLoad = load),
      onProgress: (e) => {
        firstWord('running');
        if (this.current !== run) return;
        const step = Number.isFinite(e.step) ? e.step : 0;
        const steps = Number.isFinite(e.steps) ? e.steps : 0;
        this.state = {
          ...this.state, step, steps, fraction: steps > 0 ? Math.min(1, Math.max(0, step / steps)) : 0,
          phase: typeof e.phase === 'string' ? e.phase : undefined,
          kernel: typeof e.kernel === 'string' ? `${e.kernel}/${e.isa}` : undefined,
          elapsed_s: (Date.now() - started) / 1000,
        };
      },
    });
    const ended = answer.then(async (response) => {
      clearTimeout(cap);
      const seconds = (Date.now() - started) / 1000;
      if (run.cause || response?.error === STOPPED_ON_REQUEST) {
        return { state: 'stopped', id: run.id, ...playground, puzzle: request.puzzle, case: run.case, cause: run.cause ?? 'stop', error: stoppedWords(run.cause ?? 'stop', capMs, run.playground !== undefined) };
      }
      if (!response?.ok) return { state: 'failed', id: run.id, ...playground, puzzle: request.puzzle, case: run.case, error: String(response?.error ?? 'the native engine refused the run').slice(0, 300), refused: true };
      const environment = await engine.request({ action: 'environment' }).then((r) => r?.environment ?? null, () => null);
      const entry = (f) => `${f.kernel}/${f.isa}: ${f.reason ?? f.error ?? 'failed'}`.slice(0, 160);
      return {
        state: 'done', id: run.id, ...playground, puzzle: request.puzzle, case: String(response.case ?? run.case), seconds,
        result: {
          report: { schema: REPORT_SCHEMA, environment, records: response.results ?? [] },
          cpu_load: cpuLoad,
          failed: (response.failed ?? []).map(entry),
          skipped: (response.skipped ?? []).map(entry),
        },
      };
    }, (e) => {
      clearTimeout(cap);
      if (run.cause) return { state: 'stopped', id: run.id, ...playground, puzzle: request.puzzle, case: run.case, cause: run.cause, error: stoppedWords(run.cause, capMs, run.playground !== undefined) };
      return { state: 'failed', id: run.id, ...playground, puzzle: request.puzzle, case: run.case, error: e instanceof EngineError ? e.message : 'the native engine failed' };
    }).then((state) => {
      this.state = state;
      if (this.current === run) this.current = null;
      for (const wake of this.waiters) wake();
      return state;
    });
    ended.then(() => firstWord('ended'));
    const wait = setTimeout(() => firstWord('running'), FIRST_WORD_MS);
    return heard.then(async (word) => {
      clearTimeout(wait);
      if (word === 'running') return [202, { state: 'running', id: run.id }];
      const state = await ended;
      // The engine refused the request before doing anything (a harness option out of its
      // bounds, a kernel this CPU cannot run): the person's request was wrong, in its words.
      if (state.state === 'failed' && state.refused) return [400, { error: state.error, id: run.id }];
      return [state.state === 'done' ? 200 : 409, state];
    });
  }

  abort(run, cause) {
    run.cause ??= cause;
    run.controller.abort();
  }

  /** The run now or the last one (without its internal marks); a running one's time so far is
   * read now, not at its last event (a single long call sends none for minutes). */
  status() {
    const { refused: _refused, ...state } = this.state;
    if (state.state === 'running') state.elapsed_s = (Date.now() - Date.parse(state.started)) / 1000;
    return [200, state];
  }

  /** The state once run `id` has ended, or after waitMs; 404 for a run the server does not know. */
  async wait(id) {
    if (this.state.id !== id) return [404, { error: `no native run ${id} here (the server keeps the last one only)` }];
    if (this.current?.id === id) {
      let wake;
      const woken = new Promise((resolve) => (wake = resolve));
      this.waiters.add(wake);
      const timer = setTimeout(wake, this.waitMs);
      await woken;
      clearTimeout(timer);
      this.waiters.delete(wake);
    }
    return this.status();
  }

  stop() {
    if (!this.current) return [409, { error: 'no native run is in progress' }];
    this.abort(this.current, 'stop');
    return [202, { state: 'stopping', id: this.current.id }];
  }

  /** Machine counters for the page to diff around a browser round. */
  cpuLoad() {
    const counters = machineCounters();
    return [200, {
      available: counters !== null,
      ...(counters ?? {}),
      native_engine: this.measuring(),
      benchmark: backgroundBench(),
    }];
  }

  /** The engines' measuring state together (the stock one and a playground build's). */
  measuring() {
    const stock = this.engine.measuring();
    const other = this.playground?.measuring();
    if (!other) return stock;
    return { measuring: stock.measuring || other.measuring, measured_ms: stock.measured_ms + other.measured_ms };
  }

  /** Ends a run in progress and the engine (the server is closing). */
  close() {
    if (this.current) this.abort(this.current, 'server');
    this.engine.close();
    this.playground?.close();
  }
}

/** Reads a request body of at most `limit` bytes: {text}, or {tooLarge} once it is past that (the
 * rest is read and dropped, so the answer is a 413, not a reset connection). */
export function readBody(req, limit) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) req.destroy(); // not worth reading: the socket closes
    });
    req.on('end', () => resolve(size > limit ? { tooLarge: true } : { text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => resolve({ tooLarge: size > limit, failed: true }));
    req.on('close', () => resolve({ tooLarge: size > limit, failed: true }));
  });
}

export function send(res, code, body, headers = {}) {
  if (res.headersSent || res.writableEnded) return;
  res.statusCode = code;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(JSON.stringify(body));
}

/** The request's JSON body, or undefined once a refusal has been sent (413 with `tooLargeWords`
 * past `maxBytes`, 400 if it is not JSON; nothing if reading it failed). */
export async function readJsonBody(req, res, maxBytes, tooLargeWords) {
  const body = await readBody(req, maxBytes);
  if (body.tooLarge) return void send(res, 413, { error: tooLargeWords });
  if (body.failed) return undefined;
  try {
    return JSON.parse(body.text);
  } catch {
    return void send(res, 400, { error: 'the body is not JSON' });
  }
}

/** A Connect middleware serving /api/native-run and /api/cpu-load with `runner`. */
export function nativeRunMiddleware(runner) {
  const handle = async (req, res, path) => {
    const method = req.method ?? 'GET';
    const allowed = path === NATIVE_RUN_PATH ? ['GET', 'POST', 'DELETE'] : ['GET'];
    if (!allowed.includes(method)) return send(res, 405, { error: `${path} answers ${allowed.join(', ')}, not ${quoted(method)}` }, { Allow: allowed.join(', ') });
    const why = refusalOf(req, { changes: method !== 'GET', what: 'native runs' });
    if (why) return send(res, 403, { error: why });
    if (path === CPU_LOAD_PATH) return send(res, ...runner.cpuLoad());
    if (method === 'DELETE') return send(res, ...runner.stop());
    if (method === 'GET') {
      const wait = new URL(req.url ?? '', 'http://server').searchParams.get('wait');
      if (wait === null) return send(res, ...runner.status());
      if (!/^\d{1,15}$/.test(wait)) return send(res, 400, { error: 'wait must be a run id' });
      return send(res, ...(await runner.wait(Number(wait))));
    }
    const request = await readJsonBody(req, res, MAX_BODY_BYTES, `the request is larger than ${MAX_BODY_BYTES / 1024} KiB: no engine request is`);
    if (request === undefined) return;
    return send(res, ...(await runner.start(request)));
  };
  return (req, res, next) => {
    const path = req.url?.split('?')[0];
    if (path !== NATIVE_RUN_PATH && path !== CPU_LOAD_PATH) return next();
    handle(req, res, path).catch((e) => {
      // The terminal gets the details; the answer gets none (no stack, no server path).
      console.error(`${path}:`, e);
      send(res, 500, { error: 'the server failed to answer this request (its terminal says why)' });
    });
  };
}
