// The resident native engine behind the local server (scripts/lib/native-engine.mjs): one
// `simd-puzzles engine` process, started on the first request, answering the engine's own JSON
// requests; cancel by the protocol, a kill when a single long call does not let it; started again
// after it dies; gone with the server. Needs the native CLI (build/native/simd-puzzles).
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { NATIVE_CLI, NativeEngine } from '../../scripts/lib/native-engine.mjs';

const built = existsSync(NATIVE_CLI);
const quick = { rounds: 3, batch_ms: 1 };
const engines: { close(): void }[] = [];
const engine = (options = {}) => {
  const e = new NativeEngine(options);
  engines.push(e);
  return e;
};
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
});

/** Whether process `pid` still runs (a zombie counts as gone). */
function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const named = (what: string) => (built ? what : `${what} (skipped: build/native/simd-puzzles is missing; cmake --build --preset native --target simd-puzzles)`);

describe.skipIf(!built)(named('the resident native engine'), () => {
  it('starts on the first request, answers requests in order with progress, and stays up for the next', async () => {
    const e = engine();
    expect(e.child).toBeNull(); // lazily
    const events: { step?: number; steps?: number }[] = [];
    let load: unknown;
    const run = await e.request({ action: 'run', puzzle: 'cube', params: {}, time: true, harness: quick }, { onProgress: (ev: { step?: number }) => events.push(ev), onLoad: (l: unknown) => (load = l) });
    expect(run.ok).toBe(true);
    // Finding 1 of issue 28: the cube's default case (with: "") is timed, every kernel.
    expect(run.params.with).toBe('');
    expect(run.results.length).toBeGreaterThan(0);
    expect(run.results.every((r: { timing?: { median_ns: number } }) => r.timing && r.timing.median_ns > 0)).toBe(true);
    // Progress by work done: the engine's step of steps, up to all of them.
    expect(events.at(-1)).toMatchObject({ step: events.at(-1)!.steps });
    expect(load).toMatchObject({ cores: expect.any(Number), others_cores: expect.any(Number) });
    const pid = e.child.pid;
    const [catalog, environment] = await Promise.all([e.request({ action: 'catalog' }), e.request({ action: 'environment' })]);
    expect(catalog.puzzles.map((p: { id: string }) => p.id)).toContain('cube');
    expect(environment.environment.side).toBe('native');
    expect(e.child.pid).toBe(pid); // no process start per request
    expect(e.starts).toBe(1);
  });

  it('reads no file, whatever a request says: the engine refuses a file parameter', async () => {
    const answer = await engine().request({ action: 'run', puzzle: 'popcount', params: { file: '/etc/shadow' }, time: true, harness: quick });
    expect(answer).toMatchObject({ ok: false, error: expect.stringContaining("unknown parameter 'file'") });
  });

  it('stops a request on cancel between batches, and the process stays up', async () => {
    const e = engine();
    const controller = new AbortController();
    let steps = 0;
    const answer = e.request({ action: 'run', puzzle: 'nqueens', params: { n: 12 }, time: true }, {
      signal: controller.signal,
      onProgress: () => ++steps === 20 && controller.abort(),
    });
    expect(await answer).toEqual({ ok: false, error: 'stopped on request' });
    expect((await e.request({ action: 'validate', puzzle: 'nqueens', params: { n: 8 } })).ok).toBe(true);
    expect(e.starts).toBe(1);
  });

  it('kills the process group when a cancel cannot interrupt a long call, and starts a new one for the next request', async () => {
    const e = engine({ graceMs: 200 });
    const controller = new AbortController();
    // n = 18: the reference kernel's verification call alone takes seconds.
    const answer = e.request({ action: 'run', puzzle: 'nqueens', params: { n: 18 }, kernels: ['bitmask-recursive/scalar'], time: true }, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    const pid = e.child.pid;
    const started = Date.now();
    expect(await answer).toEqual({ ok: false, error: 'stopped on request' });
    expect(Date.now() - started).toBeLessThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(pid)).toBe(false);
    expect((await e.request({ action: 'validate', puzzle: 'nqueens', params: { n: 8 } })).ok).toBe(true);
    expect(e.starts).toBe(2);
  });

  it('starts again after the process dies, failing only the request that was in it', async () => {
    const e = engine();
    await e.request({ action: 'catalog' });
    const running = e.request({ action: 'run', puzzle: 'nqueens', params: { n: 14 }, time: true });
    process.kill(-e.child.pid, 'SIGKILL');
    await expect(running).rejects.toMatchObject({ kind: 'died' });
    expect((await e.request({ action: 'validate', puzzle: 'cube', params: {} })).ok).toBe(true);
    expect(e.starts).toBe(2);
  });

  it('bounds its queue, and dies with the server', async () => {
    const e = engine({ maxWaiting: 2 });
    const first = e.request({ action: 'run', puzzle: 'nqueens', params: { n: 12 }, time: true, harness: quick });
    const second = e.request({ action: 'catalog' });
    await expect(e.request({ action: 'catalog' })).rejects.toMatchObject({ kind: 'busy' });
    const pid = e.child.pid;
    e.close();
    await Promise.allSettled([first, second]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(pid)).toBe(false);
    await expect(e.request({ action: 'catalog' })).rejects.toMatchObject({ kind: 'closed' });
  });
});

describe('without a native CLI', () => {
  it('says it is not built, and starts nothing', async () => {
    const e = engine({ cli: '/nonexistent/simd-puzzles' });
    await expect(e.request({ action: 'catalog' })).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringContaining('not built') });
    expect(e.child).toBeNull();
  });
});
