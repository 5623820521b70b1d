// "Measure natively now" on the server (scripts/lib/native-run.mjs): who may ask, what they may
// ask (the engine request of one of the page's own cases, checked against the engine's catalog),
// and the endpoint over HTTP with the real resident engine: issue 28's findings and its list of
// hostile requests, each answered with a 4xx JSON {error}, none reaching a file. The page's side
// of it is in native-page.test.ts, the engine process in native-engine.test.ts, the Vite servers
// (CORS, peer files) in server-origin.test.ts; the e2e layer asks it from the page
// (tests/e2e/native-now.test.ts).
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { NATIVE_CLI, NativeEngine } from '../../scripts/lib/native-engine.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { catalogLookup, checkRunRequest, depthOf, MAX_BODY_BYTES, NativeRunner, nativeRunMiddleware, refusal } from '../../scripts/lib/native-run.mjs';
import { markSharedCpu, readNativeRunStatus } from '../../web/src/app/native';

const built = existsSync(NATIVE_CLI);
const named = (what: string) => (built ? what : `${what} (skipped: build/native/simd-puzzles is missing; cmake --build --preset native --target simd-puzzles)`);
const quick = { rounds: 3, batch_ms: 1 };
const cubeDefault = { moves: "R U R' U'", op: 'apply', seed: 1, with: '' };

const page = { method: 'POST', host: '127.0.0.1:4173', origin: 'http://127.0.0.1:4173', secFetchSite: 'same-origin', contentType: 'application/json', remote: '127.0.0.1', port: 4173, changes: true };

describe('who may ask for a native run', () => {
  it('lets the page itself, on a loopback name and the server’s port', () => {
    expect(refusal(page)).toBeNull();
    expect(refusal({ ...page, host: 'localhost:4173', origin: 'http://localhost:4173' })).toBeNull();
    expect(refusal({ ...page, remote: '::ffff:127.0.0.1' })).toBeNull();
    expect(refusal({ ...page, method: 'GET', changes: false, origin: undefined, contentType: undefined, secFetchSite: undefined })).toBeNull();
  });

  it('refuses another website open in the same browser', () => {
    expect(refusal({ ...page, origin: 'https://evil.example' })).toMatch(/another site/);
    expect(refusal({ ...page, secFetchSite: 'cross-site', origin: undefined, method: 'GET', changes: false })).toMatch(/another site/);
    expect(refusal({ ...page, origin: 'null' })).toMatch(/another site/);
    expect(refusal({ ...page, origin: 'http://127.0.0.1:8765' })).toMatch(/another site/);
  });

  it('refuses a DNS-rebinding name, another port, and a request from another machine', () => {
    expect(refusal({ ...page, host: 'evil.example:4173', origin: 'http://evil.example:4173' })).toMatch(/Host header/);
    expect(refusal({ ...page, host: '127.0.0.1.nip.io:4173', origin: 'http://127.0.0.1.nip.io:4173' })).toMatch(/Host header/);
    expect(refusal({ ...page, host: '127.0.0.1:9999', origin: 'http://127.0.0.1:9999' })).toMatch(/Host header/);
    expect(refusal({ ...page, host: undefined })).toMatch(/Host header/);
    expect(refusal({ ...page, remote: '192.168.1.20' })).toMatch(/only this machine/);
  });

  it('wants an Origin and a JSON body to start or stop a run (no plain cross-site form)', () => {
    expect(refusal({ ...page, origin: undefined })).toMatch(/Origin/);
    expect(refusal({ ...page, contentType: 'text/plain' })).toMatch(/JSON/);
    expect(refusal({ ...page, method: 'DELETE', contentType: undefined })).toBeNull();
  });
});

// The engine's catalog, cut to what the checks read (the real one is used over HTTP below).
const catalog = catalogLookup({
  puzzles: [
    { id: 'cube', params: [{ name: 'op', kind: 'choice', choices: ['apply', 'compose'] }, { name: 'moves', kind: 'text', max_length: 256 }, { name: 'with', kind: 'text', max_length: 256 }, { name: 'seed', kind: 'integer', min: 0, max: 4294967295 }], kernels: [{ id: 'scalar', key: 'scalar/scalar' }, { id: 'avx2-256', key: 'avx2-256/avx2' }] },
    { id: 'nqueens', params: [{ name: 'n', kind: 'integer', min: 1, max: 20 }], kernels: [{ id: 'simd-lanes', key: 'simd-lanes/avx2' }] },
    { id: 'chess', params: [{ name: 'fen', kind: 'text', max_length: 100 }, { name: 'divide', kind: 'flag' }], kernels: [] },
    { id: 'popcount', params: [{ name: 'size', kind: 'integer', min: 0, max: 67108864 }], kernels: [] },
  ],
});
const run = (body: Record<string, unknown>) => checkRunRequest({ action: 'run', time: true, ...body }, catalog);

describe('what the page may ask: the engine request of one of its own cases', () => {
  it('passes the page’s request as it is, empty text included (finding 1: the cube’s with: "")', () => {
    const body = { action: 'run', puzzle: 'cube', params: cubeDefault, kernels: ['all'], time: true, harness: quick, session: 'pair-1' };
    const checked = checkRunRequest(body, catalog);
    expect(checked.request).toEqual(body);
    expect(checked.request).not.toBe(body); // made of the checked parts, not the body itself
    expect(run({ puzzle: 'nqueens', params: { n: '12' }, kernels: ['simd-lanes', 'simd-lanes/avx2'] }).request).toBeDefined();
    expect(run({ puzzle: 'chess', params: { divide: true } }).request).toBeDefined();
  });

  it('refuses a file, a sample plan or a kernel given as a parameter, naming it (finding 2)', () => {
    for (const [key, value] of [['file', '/etc/shadow'], ['file', '/dev/zero'], ['samples', 99], ['kernel', 'all'], ['min_samples', 3]] as const) {
      expect(run({ puzzle: 'popcount', params: { [key]: value } })).toMatchObject({ status: 400, field: key, error: expect.stringContaining(`unknown parameter '${key}' of popcount`) });
    }
  });

  it('refuses values outside the catalog’s bounds, naming the parameter (finding 5: long text)', () => {
    expect(run({ puzzle: 'nqueens', params: { n: 99 } })).toMatchObject({ status: 400, field: 'n', error: 'n must be in 1..20, got 99' });
    expect(run({ puzzle: 'nqueens', params: { n: 1.5 } })).toMatchObject({ status: 400, field: 'n' });
    expect(run({ puzzle: 'popcount', params: { size: 1e12 } })).toMatchObject({ status: 400, field: 'size' });
    expect(run({ puzzle: 'chess', params: { fen: 'x'.repeat(5000) } })).toMatchObject({ status: 400, field: 'fen', error: 'fen is longer than 100 characters' });
    expect(run({ puzzle: 'chess', params: { divide: 'yes' } })).toMatchObject({ status: 400, field: 'divide' });
    expect(run({ puzzle: 'cube', params: { op: 'rm -rf' } })).toMatchObject({ status: 400, field: 'op' });
    expect(run({ puzzle: 'cube', params: { moves: { toString: 'R' } } })).toMatchObject({ status: 400, field: 'moves' });
  });

  it('answers 404 for a puzzle it does not have, prototype names included', () => {
    for (const puzzle of ['nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '../../bin/sh'])
      expect(run({ puzzle, params: {} })).toMatchObject({ status: 404, error: expect.stringContaining('unknown puzzle') });
    expect(run({ puzzle: 7, params: {} })).toMatchObject({ status: 400, field: 'puzzle' });
  });

  it('refuses prototype keys as parameters and fields', () => {
    for (const text of ['{"__proto__": {"n": 3}}', '{"constructor": 1}', '{"toString": "x"}']) {
      expect(run({ puzzle: 'nqueens', params: JSON.parse(text) })).toMatchObject({ status: 400, error: expect.stringContaining('unknown parameter') });
    }
    expect(checkRunRequest(JSON.parse('{"__proto__": {"action": "run"}, "puzzle": "nqueens", "time": true}'), catalog)).toMatchObject({ status: 400, field: '__proto__' });
  });

  it('refuses kernels outside the catalog and harness options outside the engine’s schema', () => {
    expect(run({ puzzle: 'cube', kernels: ['../x'] })).toMatchObject({ status: 400, field: 'kernels' });
    expect(run({ puzzle: 'cube', kernels: 'all' })).toMatchObject({ status: 400, field: 'kernels' });
    expect(run({ puzzle: 'cube', kernels: Array(65).fill('all') })).toMatchObject({ status: 400, field: 'kernels' });
    expect(run({ puzzle: 'cube', kernels: [] })).toMatchObject({ status: 400, field: 'kernels' });
    expect(run({ puzzle: 'cube', harness: { min_samples: 11 } })).toMatchObject({ status: 400, field: 'harness.min_samples' });
    expect(run({ puzzle: 'cube', harness: { rounds: '3' } })).toMatchObject({ status: 400, field: 'harness.rounds' });
    expect(run({ puzzle: 'cube', harness: [3] })).toMatchObject({ status: 400, field: 'harness' });
    expect(run({ puzzle: 'cube', session: '../x' })).toMatchObject({ status: 400, field: 'session' });
  });

  it('takes a playground build id (64 hex digits) and keeps it out of the engine request', () => {
    const id = 'ab'.repeat(32);
    expect(run({ puzzle: 'cube', playground: id }).request).toEqual({ action: 'run', puzzle: 'cube', params: {}, time: true });
    for (const bad of ['../x', 'AB'.repeat(32), 'ab'.repeat(33), 'ab'.repeat(31), 42, null, ['ab'.repeat(32)]])
      expect(run({ puzzle: 'cube', playground: bad })).toMatchObject({ status: 400, field: 'playground' });
  });

  it('refuses anything but a measuring run request, and bodies nested deeper than one', () => {
    expect(checkRunRequest([], catalog)).toMatchObject({ status: 400 });
    expect(checkRunRequest(null, catalog)).toMatchObject({ status: 400 });
    expect(checkRunRequest({ action: 'bench', puzzles: ['cube'] }, catalog)).toMatchObject({ status: 400 });
    expect(run({ action: 'illustrate', puzzle: 'cube' })).toMatchObject({ status: 400, field: 'action' });
    expect(run({ puzzle: 'cube', time: false })).toMatchObject({ status: 400, field: 'time' });
    expect(run({ puzzle: 'cube', input: { bytes: 1 } })).toMatchObject({ status: 400, field: 'input' });
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; ++i) deep = [deep];
    expect(depthOf(deep)).toBe(5); // stops counting past the limit
    expect(run({ puzzle: 'cube', params: { moves: deep } })).toMatchObject({ status: 400, error: expect.stringContaining('deeper') });
  });
});

/** A server of the middleware alone on a free loopback port. */
async function serve(runner: unknown): Promise<{ port: number; server: Server }> {
  const handler = nativeRunMiddleware(runner);
  const server = createServer((req, res) => handler(req, res, () => ((res.statusCode = 404), res.end('not ours'))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** One request with exactly these headers (Node sends what it is given: any Origin, any Host). */
function ask(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON: the test says so
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What no answer may carry: a stack frame or a path of the server. */
const LEAK = /\bat [\w.<>]+ \(|\/work\/|\/home\/|\/root\/|node_modules|\.mjs|\.ts\b/;

describe.skipIf(!built)(named('the endpoint over HTTP, with the real engine'), () => {
  let port: number;
  let server: Server;
  let runner: InstanceType<typeof NativeRunner>;
  /** Every request the engine was sent, in order. */
  const sent: Record<string, unknown>[] = [];
  const self = () => ({ Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}`, 'Content-Type': 'application/json' });
  const post = (body: unknown, headers: Record<string, string> = self()) => ask(port, 'POST', '/api/native-run', headers, typeof body === 'string' ? body : JSON.stringify(body));
  const waitFor = (id: number) => ask(port, 'GET', `/api/native-run?wait=${id}`, { Host: `127.0.0.1:${port}` });
  const runBody = (puzzle: string, params: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ action: 'run', puzzle, params, time: true, harness: quick, ...extra });

  beforeAll(async () => {
    const engine = new NativeEngine();
    const request = engine.request.bind(engine);
    engine.request = (body: Record<string, unknown>, options: unknown) => {
      sent.push(body);
      return request(body, options);
    };
    runner = new NativeRunner({ engine, benchBlocks: () => false });
    ({ port, server } = await serve(runner));
  });
  afterAll(async () => {
    runner.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('measures the cube’s default case, with: "" and all, every kernel timed (finding 1)', async () => {
    const started = await post(runBody('cube', cubeDefault, { kernels: ['all'] }));
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ state: 'running', id: expect.any(Number) });
    const done = await waitFor(started.json.id);
    expect(done.json).toMatchObject({ state: 'done', puzzle: 'cube', result: { report: { schema: 'simd-puzzles.report/2', environment: { side: 'native' } } } });
    const records = done.json.result.report.records;
    expect(records.length).toBeGreaterThanOrEqual(2);
    for (const r of records) {
      expect(r.params.with).toBe('');
      expect(r.timing.median_ns, `${r.kernel}/${r.isa}`).toBeGreaterThan(0);
    }
    // The load claim comes from the run's own window, as {cores, others_cores}.
    expect(done.json.result.cpu_load).toMatchObject({ cores: expect.any(Number), others_cores: expect.any(Number) });
    // The engine got the request as JSON: nothing of it was ever an argument.
    expect(sent.filter((r) => r.action === 'run').at(-1)).toEqual(runBody('cube', cubeDefault, { kernels: ['all'] }));
    // The page reads it as native numbers measured on this machine.
    const status = readNativeRunStatus(done.json);
    expect(status).toMatchObject({ state: 'done', source: { origin: 'same-machine' } });
  });

  it('never hands a file, sample plan or kernel parameter to the engine (finding 2)', async () => {
    const before = sent.length;
    for (const [key, value] of [['file', '/etc/shadow'], ['file', '/dev/zero'], ['samples', 5], ['kernel', 'all']] as const) {
      const answer = await post(runBody('popcount', { [key]: value }));
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ field: key, error: expect.stringContaining(`unknown parameter '${key}'`) });
    }
    expect(sent.slice(before).filter((r) => r.action !== 'catalog')).toEqual([]);
    expect(JSON.stringify(sent)).not.toContain('/etc/shadow');
  });

  it('answers every hostile request with a 4xx JSON error, no stack and no path, and measures nothing', async () => {
    const before = sent.filter((r) => r.action === 'run').length;
    const big = JSON.stringify({ ...runBody('cube', cubeDefault), pad: 'x'.repeat(MAX_BODY_BYTES + 1000) });
    let deep = '1';
    for (let i = 0; i < 5000; ++i) deep = `[${deep}]`;
    const answers: [string, Answer, number][] = [
      ['another origin', await post(runBody('cube', cubeDefault), { ...self(), Origin: 'http://127.0.0.1:8765' }), 403],
      ['a null origin', await post(runBody('cube', cubeDefault), { ...self(), Origin: 'null' }), 403],
      ['a rebinding host', await post(runBody('cube', cubeDefault), { ...self(), Host: `rebound.example:${port}`, Origin: `http://rebound.example:${port}` }), 403],
      ['no Origin', await post(runBody('cube', cubeDefault), { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/json' }), 403],
      ['a form', await post('puzzle=cube', { ...self(), 'Content-Type': 'application/x-www-form-urlencoded' }), 403],
      ['a huge body (finding 5)', await post(big), 413],
      ['a deep body', await post(`{"action":"run","puzzle":"cube","time":true,"params":{"moves":${deep}}}`), 400],
      ['not JSON', await post('{"action":'), 400],
      ['a prototype key', await post('{"__proto__":{"action":"run"},"action":"run","puzzle":"cube","time":true}'), 400],
      ['a prototype param', await post('{"action":"run","puzzle":"cube","time":true,"params":{"__proto__":{"with":"x"}}}'), 400],
      ['a prototype puzzle', await post(runBody('constructor', {})), 404],
      ['__proto__ as puzzle', await post(runBody('__proto__', {})), 404],
      ['an unknown puzzle (finding 5)', await post(runBody('nope', {})), 404],
      ['a long text value (finding 5)', await post(runBody('chess', { fen: 'x'.repeat(5000) })), 400],
      ['a param the engine refuses', await post(runBody('chess', { fen: 'not a position' })), 400],
      ['a kernel outside the catalog', await post(runBody('cube', cubeDefault, { kernels: ['rm'] })), 400],
      ['a harness option outside the schema', await post(runBody('cube', cubeDefault, { harness: { samples: 99 } })), 400],
      ['a harness value the engine refuses', await post(runBody('cube', cubeDefault, { harness: { rounds: 100_000 } })), 400],
      ['another method', await ask(port, 'PUT', '/api/native-run', self(), '{}'), 405],
      ['a preflight', await ask(port, 'OPTIONS', '/api/native-run', { Host: `127.0.0.1:${port}`, Origin: 'http://127.0.0.1:8765', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' }), 405],
      ['a bad wait', await ask(port, 'GET', '/api/native-run?wait=x', { Host: `127.0.0.1:${port}` }), 400],
      ['a wait for no run', await ask(port, 'GET', '/api/native-run?wait=424242', { Host: `127.0.0.1:${port}` }), 404],
      ['a cross-site read of the CPU counters', await ask(port, 'GET', '/api/cpu-load', { Host: `127.0.0.1:${port}`, 'Sec-Fetch-Site': 'cross-site' }), 403],
    ];
    for (const [what, answer, status] of answers) {
      expect(answer.status, what).toBe(status);
      expect(answer.headers['content-type'], what).toBe('application/json');
      expect(answer.json?.error, what).toEqual(expect.any(String));
      expect(answer.text, what).not.toMatch(LEAK);
      expect(answer.headers['access-control-allow-origin'], what).toBeUndefined();
    }
    expect(answers.find(([what]) => what.startsWith('a param the engine'))![1].json).toMatchObject({ field: 'fen' });
    expect(answers.find(([what]) => what.startsWith('a harness value'))![1].json.error).toMatch(/^rounds must be an integer in \d+\.\.1000$/);
    expect(answers.find(([what]) => what.startsWith('an unknown puzzle'))![1].json.error).toMatch(/^unknown puzzle 'nope' \(known: .*cube/);
    // Only the harness value the engine refused reached it as a run (and it ran nothing).
    expect(sent.filter((r) => r.action === 'run').length - before).toBe(1);
  });

  it('measures one request at a time: of 20 at once, one runs and 19 hear why not (409)', async () => {
    const before = sent.filter((r) => r.action === 'run').length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(runBody('nqueens', { n: 10 }))));
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(19).fill(409)]);
    const winner = answers.find((a) => a.status === 202)!.json.id;
    for (const a of answers.filter((x) => x.status === 409)) expect(a.json).toMatchObject({ error: expect.stringContaining('Stop ends it'), running: { id: winner } });
    expect((await waitFor(winner)).json.state).toBe('done');
    expect(sent.filter((r) => r.action === 'run').length - before).toBe(1);
  });

  it('stops from any tab, and a cap ends a run with a clear word (finding 6)', async () => {
    const started = await post(runBody('nqueens', { n: 14 }, { harness: { rounds: 20, batch_ms: 20 } }));
    expect(started.status).toBe(202);
    const progress = await ask(port, 'GET', '/api/native-run', { Host: `127.0.0.1:${port}` });
    expect(progress.json).toMatchObject({ state: 'running', id: started.json.id, puzzle: 'nqueens', case: 'n=14', steps: expect.any(Number), cap_s: 600 });
    // Another tab: a DELETE of its own, naming no run.
    expect((await ask(port, 'DELETE', '/api/native-run', { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}` })).status).toBe(202);
    expect((await waitFor(started.json.id)).json).toMatchObject({ state: 'stopped', cause: 'stop', error: 'stopped: you pressed Stop' });

    const capped = new NativeRunner({ engine: runner.engine, benchBlocks: () => false, capMs: 1000 });
    const [code, body] = await capped.start(runBody('nqueens', { n: 14 }, { harness: { rounds: 50, batch_ms: 20 } }));
    expect(code).toBe(202);
    const [, end] = await capped.wait(body.id);
    expect(end).toMatchObject({ state: 'stopped', cause: 'cap', error: expect.stringContaining("the server's 1-second cap ended the run before it was done") });
    expect(readNativeRunStatus(end)).toMatchObject({ state: 'stopped', cause: 'cap' });
  });

  it('serves CPU counters to diff around a browser round, and says when the engine measured between two readings', async () => {
    const read = async () => (await ask(port, 'GET', '/api/cpu-load', { Host: `127.0.0.1:${port}` })).json;
    const before = await read();
    expect(before).toMatchObject({ available: true, total: expect.any(Number), idle: expect.any(Number), steal: expect.any(Number), cores: expect.any(Number), native_engine: { measuring: false }, benchmark: { running: expect.any(Boolean) } });
    const started = await post(runBody('cube', cubeDefault));
    await waitFor(started.json.id);
    const after = await read();
    expect(after.total).toBeGreaterThan(before.total);
    expect(after.native_engine.measured_ms).toBeGreaterThan(before.native_engine.measured_ms);
  });

  it('waits for npm start’s benchmark rather than sharing the CPU with it', async () => {
    const busy = new NativeRunner({ engine: runner.engine, benchBlocks: () => true });
    expect(await busy.start(runBody('cube', cubeDefault))).toEqual([409, { error: expect.stringContaining('benchmark of npm start is still measuring') }]);
  });
});

describe('the page’s reading of the server’s answer', () => {
  const environment = { side: 'native', build: 'native', arch: 'x86_64', cpu: 'AMD EPYC', features: '', compiler: 'GCC', flags: '', timer_resolution_ns: 20, date: 'now' };
  const record = {
    puzzle: 'nqueens', case: 'n=9', case_key: '{"n":9}', params: { n: 9 }, kernel: 'bitmask-recursive', isa: 'scalar', build: 'native', answer: { total: 352, unique: 46 },
    verified: true, verified_by: 'OEIS', work: 1, work_unit: 'nodes', timing: { samples: 11, reps_per_sample: 1000, median_ns: 20000, min_ns: 19000, mad_ns: 100, ns_per_unit: 20000, units_per_second: 5e4 },
  };

  it('turns a finished run into a report, its records marked with the run’s CPU load where it was shared', () => {
    const done = readNativeRunStatus({ state: 'done', id: 3, seconds: 4, result: { report: { schema: 'simd-puzzles.report/2', environment, records: [record] }, cpu_load: { cores: 2, others_cores: 1.2 }, failed: [] } });
    expect(done?.state).toBe('done');
    if (done?.state !== 'done') return;
    expect(done.source.origin).toBe('same-machine');
    expect(markSharedCpu(done.source.report.records, done.source.cpuLoad)[0]).toMatchObject({ cpu_shared: { others_cores: 1.2, cores: 2 } });
  });

  it('reads progress as the engine’s work done, and a stop by the cap as such', () => {
    expect(readNativeRunStatus({ state: 'running', id: 1, puzzle: 'nqueens', case: 'n=20', step: 3, steps: 12, elapsed_s: 30, cap_s: 600, kernel: 'simd-lanes/avx2' }))
      .toEqual({ state: 'running', id: 1, fraction: 0.25, kernel: 'simd-lanes/avx2', puzzle: 'nqueens', label: 'n=20', elapsedSeconds: 30, capSeconds: 600 });
    expect(readNativeRunStatus({ state: 'stopped', id: 2, cause: 'cap', error: 'stopped: the cap' })).toEqual({ state: 'stopped', id: 2, cause: 'cap', error: 'stopped: the cap' });
  });

  it('reads a report it cannot parse, or an unknown state, as a failure or nothing, never as numbers', () => {
    expect(readNativeRunStatus({ state: 'done', id: 1, result: { report: { schema: 'x' } } })).toMatchObject({ state: 'failed' });
    expect(readNativeRunStatus({ state: 'running', id: 1, fraction: 7 })).toMatchObject({ state: 'running', id: 1, fraction: 0 });
    expect(readNativeRunStatus({ state: 'running', id: 1, step: 5, steps: 0 })).toMatchObject({ fraction: 0 });
    expect(readNativeRunStatus({ state: '<img>' })).toBeNull();
    expect(readNativeRunStatus('done')).toBeNull();
  });
});
