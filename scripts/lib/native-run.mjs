// "Measure natively now": the page asks the local server (npm start, npm run dev) to measure the
// case on screen with the native CLI on this machine, any case, not only the benchmark's.
//
//   POST   /api/native-run  {"puzzle": "chess", "params": {...}}  starts one (202), or says why not
//   GET    /api/native-run  how it goes: {state: idle|running|done|failed|stopped, fraction, ...};
//                           done: {result: {report, cpu_load}} (a report as `bench --json` writes)
//   DELETE /api/native-run  stops it
//
// Only the page itself may ask. The server listens on this machine, but any website open in the
// same browser can send requests to 127.0.0.1, and a DNS-rebinding name can make them look
// same-origin: so the request must come from a loopback address, name a loopback host with the
// server's own port (Host), and a request that starts or stops a run must carry the page's own
// Origin and a JSON body (which a cross-site form cannot send without a preflight, answered by
// nobody here). The CLI is started with an argument list, never a shell; the params are checked
// by the engine (it refuses what it does not know, exit 2); one run at a time, none while the
// background benchmark measures (the two would share the CPU); a time cap; Stop kills the process
// group. The full harness profile (at least 11 samples of >= 10 ms), not the quick one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseFraction, ProgramRun } from './cli-process.mjs';
import { nativeBenchStatusPath, repoRoot } from './native-results.mjs';

export const NATIVE_RUN_PATH = '/api/native-run';
export const NATIVE_RUN_CAP_MS = 10 * 60 * 1000;
const MAX_BODY_BYTES = 64 * 1024;
const REPORT_SCHEMA = 'simd-puzzles.report/2';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isLoopbackAddress(address) {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '');
}

/**
 * Why a request may not use the endpoint, or null: `host`, `origin`, `secFetchSite` are its
 * headers, `remote` its peer address, `port` the port the server listens on, `changes` whether it
 * starts or stops something.
 */
export function refusal({ method, host, origin, secFetchSite, contentType, remote, port, changes }) {
  if (!isLoopbackAddress(remote)) return 'only this machine may ask for native runs';
  const name = (host ?? '').toLowerCase();
  const colon = name.lastIndexOf(':');
  if (colon < 0 || !LOOPBACK_HOSTS.has(name.slice(0, colon)) || name.slice(colon + 1) !== String(port)) return `the Host header '${String(host).slice(0, 80)}' is not this server`;
  if (origin !== undefined && origin !== `http://${name}`) return `the request comes from another site ('${String(origin).slice(0, 80)}')`;
  if (secFetchSite !== undefined && secFetchSite !== 'same-origin' && secFetchSite !== 'none') return 'the request comes from another site';
  if (changes) {
    if (origin === undefined) return 'a request that starts or stops a run must say where it comes from (Origin)';
    if (method === 'POST' && !String(contentType ?? '').startsWith('application/json')) return 'the request must be JSON';
  }
  return null;
}

/** The CLI's arguments for `params` (an object of scalars), or why they cannot be: keys are the
 * engine's parameter names; each value goes as --key=value, so no value is ever read as an option. */
export function runArguments(puzzle, params) {
  if (typeof puzzle !== 'string' || !/^[a-z0-9][a-z0-9-]{0,39}$/.test(puzzle)) return { error: 'not a puzzle id' };
  if (!params || typeof params !== 'object' || Array.isArray(params)) return { error: 'params must be an object' };
  const args = ['run', puzzle];
  for (const [key, value] of Object.entries(params)) {
    if (!/^[a-z][a-z0-9_]{0,31}$/.test(key)) return { error: `'${key.slice(0, 40)}' is not a parameter name` };
    if (typeof value === 'boolean') {
      if (value) args.push(`--${key}`);
    } else if ((typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= 4096)) {
      args.push(`--${key}=${value}`);
    } else {
      return { error: `the value of '${key}' is not a number, text or flag` };
    }
  }
  return { args: [...args, '--time', '--json', '--progress-json'] };
}

/** Whether npm start's benchmark is measuring. Its last phase, measuring again the cases it
 * measured on a shared CPU (lib/remeasure.mjs), gives way: the person's request comes first, and
 * that process is stopped (after checking that the pid is still native-bench.mjs). */
function backgroundBenchRunning() {
  let st;
  try {
    st = JSON.parse(readFileSync(nativeBenchStatusPath, 'utf8'));
  } catch {
    return false;
  }
  if (st.state !== 'running') return false;
  if (st.phase !== 'remeasure') return true;
  try {
    if (Number.isInteger(st.pid) && readFileSync(`/proc/${st.pid}/cmdline`, 'utf8').includes('native-bench.mjs')) process.kill(st.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  return false;
}

/** The endpoint's state and its one run at a time. `cli`: the native CLI's path. */
export class NativeRunner {
  constructor(cli = join(repoRoot, 'build', 'native', 'simd-puzzles')) {
    this.cli = cli;
    this.state = { state: 'idle' };
    this.child = null;
    this.runs = 0;
    /** Stops the run in progress, saying why (set by start for its child). */
    this.kill = () => {};
  }

  /** Starts a run of `puzzle` with `params`; returns [status code, body]. */
  start(puzzle, params) {
    if (this.child) return [409, { error: 'a native run is already in progress: stop it first' }];
    if (backgroundBenchRunning()) return [409, { error: 'the native benchmark of npm start is still measuring: a run now would share the CPU with it; try again when it is done' }];
    if (!existsSync(this.cli)) return [503, { error: 'the native CLI is not built on this server (npm start builds it; by hand: cmake --preset native && cmake --build --preset native --target simd-puzzles)' }];
    const built = runArguments(puzzle, params);
    if (built.error) return [400, { error: built.error }];
    const id = ++this.runs;
    const started = Date.now();
    this.state = { state: 'running', id, puzzle, fraction: 0, started: new Date(started).toISOString() };
    let stopped = null;
    const run = new ProgramRun(this.cli, built.args, {
      collectStdout: true,
      measureLoad: true,
      // The CLI's own message on an error is not JSON; the JSON on stdout says it too.
      onEvent: (e) => {
        this.state = { ...this.state, fraction: caseFraction(e), kernel: `${e.kernel}/${e.isa}`, case: e.case };
      },
    });
    this.child = run;
    const cap = setTimeout(() => this.kill(`it took longer than ${NATIVE_RUN_CAP_MS / 60000} minutes`), NATIVE_RUN_CAP_MS);
    this.kill = (why) => {
      stopped = why;
      run.stop();
    };
    run.done.then(({ code, stdout }) => {
      const meter = run.meter;
      clearTimeout(cap);
      this.child = null;
      const others = meter?.window() ?? null;
      const seconds = (Date.now() - started) / 1000;
      if (stopped) {
        this.state = { state: 'stopped', id, puzzle, error: `stopped: ${stopped}` };
        return;
      }
      let response;
      try {
        response = JSON.parse(stdout);
      } catch {
        this.state = { state: 'failed', id, puzzle, error: `the native CLI ended without an answer (exit ${code})` };
        return;
      }
      if (!response.ok) {
        this.state = { state: 'failed', id, puzzle, error: String(response.error ?? 'the native CLI refused the case').slice(0, 300) };
        return;
      }
      const failed = (response.failed ?? []).map((f) => `${f.kernel}/${f.isa}: ${f.reason ?? f.error ?? 'failed'}`.slice(0, 160));
      this.state = {
        state: 'done',
        id,
        puzzle,
        seconds,
        result: {
          report: { schema: REPORT_SCHEMA, environment: response.environment, records: response.results ?? [] },
          cpu_load: others === null ? null : { cores: meter.cores, others_cores: Math.round(others * 100) / 100 },
          failed,
        },
      };
    });
    return [202, { state: 'running', id }];
  }

  stop() {
    if (!this.child) return [409, { error: 'no native run is in progress' }];
    this.kill('you pressed Stop');
    return [202, { state: 'stopping' }];
  }

  /** Ends a run in progress (the server is closing). */
  close() {
    if (this.child) this.kill('the server stopped');
  }
}

/** A Connect middleware serving the endpoint with `runner`. */
export function nativeRunMiddleware(runner) {
  return (req, res, next) => {
    if (req.url?.split('?')[0] !== NATIVE_RUN_PATH) return next();
    const send = (code, body) => {
      res.statusCode = code;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify(body));
    };
    const method = req.method ?? 'GET';
    if (!['GET', 'POST', 'DELETE'].includes(method)) return send(405, { error: 'GET, POST or DELETE' });
    const why = refusal({
      method,
      host: req.headers.host,
      origin: req.headers.origin,
      secFetchSite: req.headers['sec-fetch-site'],
      contentType: req.headers['content-type'],
      remote: req.socket.remoteAddress,
      port: req.socket.localPort,
      changes: method !== 'GET',
    });
    if (why) return send(403, { error: why });
    if (method === 'GET') return send(200, runner.state);
    if (method === 'DELETE') return send(...runner.stop());
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > MAX_BODY_BYTES) req.destroy();
    });
    req.on('end', () => {
      let request;
      try {
        request = JSON.parse(body);
      } catch {
        return send(400, { error: 'the body is not JSON' });
      }
      send(...runner.start(request?.puzzle, request?.params));
    });
  };
}
