// The resident native engine: one `simd-puzzles engine` process that the local server keeps, and
// the only way it measures natively on request (lib/native-run.mjs). The process reads the
// engine's own JSON requests, one per line, and answers each with progress lines and one response
// line (cpp/core/engine_protocol.h says the wire format); nothing a page sends becomes an argv
// element, and a request costs no process start (the page's paired native and wasm rounds).
//
// - Started lazily with an argument list (never a shell), in a process group of its own
//   (detached), so a kill reaches whatever it started; started again on the next request if it
//   dies; killed with the server (close()) and when this process exits.
// - request(engineRequest, {onProgress, signal, onLoad}) -> Promise<engine response>. The engine
//   answers requests one at a time, in order; at most MAX_WAITING wait here at once.
// - Cancel (the signal aborts): the protocol's cancel, which the engine honours between batches
//   and kernels; a single kernel call cannot be interrupted, so if the answer has not come within
//   CANCEL_GRACE_MS the process group is killed (SIGKILL) and the next request starts a new one.
// - onLoad({cores, others_cores}): how busy other programs kept the CPU while the request ran
//   (lib/cpu-load.mjs: all cores' busy time minus the engine's own), for a request that measures.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { forEachLine } from './cli-process.mjs';
import { CpuLoadMeter } from './cpu-load.mjs';
import { repoRoot } from './native-results.mjs';

export const NATIVE_CLI = join(repoRoot, 'build', 'native', 'simd-puzzles');
export const CANCEL_GRACE_MS = 2000;
export const MAX_WAITING = 8;
// The engine's answers are bounded (a run's records, the catalog); a line past this is not one.
const MAX_LINE_BYTES = 64 * 1024 * 1024;
export const STOPPED_ON_REQUEST = 'stopped on request';

/** Why a request got no answer from the engine: `kind` is 'unavailable' (no CLI built), 'busy'
 * (too many waiting), 'died' (the process ended before answering) or 'closed' (server closing). */
export class EngineError extends Error {
  constructor(message, kind) {
    super(message);
    this.kind = kind;
  }
}

export class NativeEngine {
  /** `cli`: the native CLI; `graceMs`: how long a cancel may take before the process is killed.
   * `command`: the argv that starts the engine (default [cli, 'engine']; the playground's runs it
   * through its run jail, lib/playground/engines.mjs); `meterTree`: measure the CPU of the
   * process's whole tree (a jail starts the engine in a process group of its own); `exitWords`:
   * (code, signal) -> why the process ended, in words; `name` and `startHint`: how its errors
   * name it and what they advise when it does not start. */
  constructor({ cli = NATIVE_CLI, graceMs = CANCEL_GRACE_MS, maxWaiting = MAX_WAITING, command = null, meterTree = false, exitWords = null, name = 'the native engine', startHint = ': the native CLI may be older than the page (rebuild it: cmake --build --preset native --target simd-puzzles)' } = {}) {
    this.cli = cli;
    this.command = command ?? [cli, 'engine'];
    this.meterTree = meterTree;
    this.exitWords = exitWords;
    this.name = name;
    this.startHint = startHint;
    this.graceMs = graceMs;
    this.maxWaiting = maxWaiting;
    this.child = null;
    this.nextId = 1;
    /** id -> { resolve, reject, onProgress, cancelled, internal } */
    this.pending = new Map();
    this.closed = false;
    /** Processes started so far (a restart after a death or a kill counts too). */
    this.starts = 0;
    /** Milliseconds spent on measuring requests so far, and the one measuring now (its start). */
    this.measuredMs = 0;
    this.measuringSince = null;
    this.onExit = () => this.kill();
    this.onSignal = new Map();
  }

  /** Whether the CLI is built (a request without it fails as 'unavailable'). */
  get available() {
    return existsSync(this.cli);
  }

  /** Whether a measuring request runs now, and the milliseconds measured so far (including it):
   * two readings tell whether the engine measured between them (GET /api/cpu-load). */
  measuring() {
    const now = this.measuringSince === null ? 0 : Date.now() - this.measuringSince;
    return { measuring: this.measuringSince !== null, measured_ms: Math.round(this.measuredMs + now) };
  }

  /** Sends `body` (an engine request object) and resolves with the engine's response. */
  request(body, { onProgress, signal, onLoad } = {}) {
    if (this.closed) return Promise.reject(new EngineError('the server is closing', 'closed'));
    if (signal?.aborted) return Promise.resolve({ ok: false, error: STOPPED_ON_REQUEST });
    const waiting = [...this.pending.values()].filter((p) => !p.internal).length;
    if (waiting >= this.maxWaiting) return Promise.reject(new EngineError('too many requests are waiting for the native engine', 'busy'));
    if (!this.available) return Promise.reject(new EngineError('the native CLI is not built on this server (npm start builds it; by hand: cmake --preset native && cmake --build --preset native --target simd-puzzles)', 'unavailable'));
    const child = this.ensure();
    const id = this.nextId++;
    const meter = onLoad && child.pid ? new CpuLoadMeter(child.pid, { tree: this.meterTree }) : null;
    if (onLoad) this.measuringSince = Date.now();
    return new Promise((resolve, reject) => {
      const entry = {
        onProgress: (event) => {
          meter?.sample();
          onProgress?.(event);
        },
        resolve: (response) => {
          finish();
          resolve(response);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
        cancelled: false,
        internal: false,
      };
      let grace = null;
      const abort = () => this.cancel(id, entry, (timer) => (grace = timer));
      const finish = () => {
        clearTimeout(grace);
        signal?.removeEventListener('abort', abort);
        if (onLoad) {
          this.measuredMs += Date.now() - (this.measuringSince ?? Date.now());
          this.measuringSince = null;
          const others = meter?.window() ?? null;
          onLoad(others === null ? null : { cores: meter.cores, others_cores: Math.round(others * 100) / 100 });
        }
      };
      this.pending.set(id, entry);
      signal?.addEventListener('abort', abort, { once: true });
      this.write({ id, request: body });
    });
  }

  /** Stops request `id`: the protocol's cancel, then a kill if it has not answered in time. */
  cancel(id, entry, setTimer) {
    if (!this.pending.has(id) || entry.cancelled) return;
    entry.cancelled = true;
    const cancelId = this.nextId++;
    // The engine answers the cancel too; nobody waits for that answer.
    this.pending.set(cancelId, { internal: true, cancelled: false, onProgress() {}, resolve() {}, reject() {} });
    this.write({ id: cancelId, cancel: id });
    setTimer(setTimeout(() => {
      if (this.pending.has(id)) this.kill();
    }, this.graceMs));
  }

  /** Kills the process group now (a cancel that did not take effect, or the server closing). */
  kill() {
    const child = this.child;
    if (!child?.pid) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  /** Ends the engine for good (the server closes). */
  close() {
    this.closed = true;
    this.kill();
    process.removeListener('exit', this.onExit);
    for (const [signal, handler] of this.onSignal) process.removeListener(signal, handler);
  }

  // The process, started if there is none.
  ensure() {
    if (this.child) return this.child;
    const child = spawn(this.command[0], this.command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child = child;
    this.starts += 1;
    if (this.starts === 1) {
      // Killed with the server: an exit of this process (npm start's Ctrl-C handler exits), and a
      // signal nobody else handles here (then re-raised, so the default still ends the process).
      process.on('exit', this.onExit);
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
        const handler = () => {
          this.kill();
          if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
        };
        this.onSignal.set(signal, handler);
        process.once(signal, handler);
      }
    }
    child.stdin.on('error', () => {}); // EPIPE when it died: 'exit' says so
    let ready = false;
    forEachLine(child.stdout, (line) => {
      if (line.includes('"ready"')) ready = true;
      this.take(line);
    }, { maxLine: MAX_LINE_BYTES, onTooLong: () => this.kill() });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-2000)));
    const ended = (why) => {
      if (this.child !== child) return;
      this.child = null;
      if (stderr.trim()) console.error(`native engine: ${stderr.trim()}`);
      const error = ready
        ? new EngineError(`${this.name} stopped (${why}); the next request starts it again`, 'died')
        : new EngineError(`${this.name} did not start (${why})${this.startHint}`, 'died');
      for (const [id, p] of this.pending) {
        this.pending.delete(id);
        // A request that was cancelled got what it asked for.
        if (p.cancelled) p.resolve({ ok: false, error: STOPPED_ON_REQUEST });
        else p.reject(error);
      }
    };
    child.on('error', (e) => ended(e.code ?? 'could not start'));
    child.on('exit', (code, signal) => ended(this.exitWords?.(code, signal) ?? (signal ? `killed by ${signal}` : `exit ${code}`)));
    return child;
  }

  write(message) {
    this.child?.stdin.write(`${JSON.stringify(message)}\n`);
  }

  // One line from the engine: a progress event or an answer, routed to its request by id.
  take(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if (!message || typeof message !== 'object' || !Number.isSafeInteger(message.id)) return; // ready, or an answer to no request of ours
    const p = this.pending.get(message.id);
    if (!p) return;
    if (Object.hasOwn(message, 'progress')) return p.onProgress(message.progress);
    if (!Object.hasOwn(message, 'response')) return;
    this.pending.delete(message.id);
    p.resolve(message.response);
  }
}
