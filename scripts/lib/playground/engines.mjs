// The sandboxed resident engine of a playground build (issue 31, docs/playground.md): the user's
// linked `simd-puzzles` started as `<binary> engine` in the run jail (sandbox.mjs), spoken to by a
// NativeEngine exactly as the stock CLI is (lib/native-engine.mjs), so verification, timing,
// sessions and paired rounds are the same; a crash takes down only that process, and the next
// request starts it again. One at a time: the build used last. It is killed when another build is
// used, when its build is stopped or evicted, and with the server.
import { LIMITS, exitWords, jailArgv, sandboxIdentity } from './sandbox.mjs';
import { NativeEngine } from '../native-engine.mjs';

const INSIDE = '/sp/simd-puzzles';

/** The argv of a build's engine in the run jail. */
export function engineArgv(binary, { limits = {} } = {}) {
  return jailArgv({ kind: 'run', limits, limitAs: true, files: [{ host: binary, inside: INSIDE }], cwd: '/tmp', command: [INSIDE, 'engine'], identity: sandboxIdentity() });
}

export class PlaygroundEngines {
  /** `binaryOf(id)`: the native binary of finished build `id`, or null (PlaygroundService.nativeBinary). */
  constructor({ binaryOf, limits = {}, graceMs } = {}) {
    this.binaryOf = binaryOf;
    this.limits = limits;
    this.graceMs = graceMs;
    this.current = null; // {id, engine}
    /** Milliseconds measured by the engines dropped so far (GET /api/cpu-load's sum only grows). */
    this.measuredBefore = 0;
  }

  /** {measuring, measured_ms} of the playground engines, like NativeEngine.measuring(). */
  measuring() {
    const now = this.current?.engine.measuring() ?? { measuring: false, measured_ms: 0 };
    return { measuring: now.measuring, measured_ms: this.measuredBefore + now.measured_ms };
  }

  /** The engine of build `id`: {engine} or {status, error}. */
  engineFor(id) {
    if (this.current?.id === id) return { engine: this.current.engine };
    const binary = this.binaryOf(id);
    if (!binary) return { status: 404, error: 'no finished native build with this id here: compile it again (builds are kept while the server’s temporary folder keeps them)' };
    this.drop();
    const limits = { ...LIMITS.run, ...this.limits };
    const engine = new NativeEngine({
      cli: binary,
      command: engineArgv(binary, { limits: this.limits }),
      meterTree: true,
      name: 'your build’s native engine',
      startHint: ' (it runs in the sandbox: your code may crash or exit before it answers)',
      exitWords: (code, signal) => exitWords({ code, signal, limits, what: 'it' }) ?? `exit ${code}`,
      ...(this.graceMs === undefined ? {} : { graceMs: this.graceMs }),
    });
    this.current = { id, engine };
    return { engine };
  }

  /** Kills the engine of build `id` (Stop, eviction), or whichever runs (no id). */
  drop(id) {
    if (!this.current || (id !== undefined && this.current.id !== id)) return;
    this.measuredBefore += this.current.engine.measuring().measured_ms;
    this.current.engine.close();
    this.current = null;
  }

  close() {
    this.drop();
  }
}
