// The one way the scripts start the native CLI (and the compiler that builds it): an argument list,
// never a shell; a process group of its own (detached), so that stopping it stops what it started
// too (cmake -> ninja -> cc1plus, the CLI -> Stockfish); its `--progress-json` events read from
// stderr line by line; and, if asked, how busy other programs kept the CPU meanwhile
// (cpu-load.mjs). Used by scripts/native-bench.mjs (npm start's benchmark); Measure natively now
// talks to a resident engine instead (lib/native-engine.mjs).
import { spawn } from 'node:child_process';
import { CpuLoadMeter } from './cpu-load.mjs';

/** How far a request got, 0..1, from a progress event: the engine counts its steps (verification
 * calls, warm-ups, rounds: `step` of `steps`); older events, kernels done plus the samples of the
 * one being timed. */
export function caseFraction(event) {
  if (Number.isFinite(event.step) && event.steps > 0) return Math.min(1, Math.max(0, event.step / event.steps));
  const within = event.phase === 'sample' && event.samples ? event.sample / event.samples : 0;
  return Math.min(1, Math.max(0, (event.kernel_index - 1 + within) / Math.max(1, event.kernel_count)));
}

/** Calls onLine(line) for each line `stream` sends (UTF-8, each ended by a newline), and
 * onTooLong() whenever the line still unended grows past `maxLine` characters. */
export function forEachLine(stream, onLine, { maxLine = Infinity, onTooLong } = {}) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      onLine(line);
    }
    if (pending.length > maxLine) onTooLong?.();
  });
}

export class ProgramRun {
  /**
   * Starts `command` with `args`.
   *  - log: a writable stream that gets stdout and stderr as they are (the compiler);
   *  - collectStdout: keep stdout (up to 64 MiB) for `done` (the CLI's --json answer);
   *  - onEvent(event): each stderr line that is JSON (the CLI's --progress-json);
   *  - onText(line): each stderr line that is not;
   *  - measureLoad: a CpuLoadMeter on the process group (`meter`), read at each event.
   * `done` resolves with { code, stdout, error? } once it has ended (code null: it never started).
   */
  constructor(command, args, { cwd, log, collectStdout = false, onEvent, onText, measureLoad = false } = {}) {
    const child = spawn(command, args, { cwd, stdio: ['ignore', log || collectStdout ? 'pipe' : 'ignore', 'pipe'], detached: true });
    this.child = child;
    this.meter = measureLoad && child.pid ? new CpuLoadMeter(child.pid) : null;
    let stdout = '';
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    } else {
      if (collectStdout) {
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk) => {
          if (stdout.length < 64 * 1024 * 1024) stdout += chunk;
        });
      }
      forEachLine(child.stderr, (line) => {
        let event;
        try {
          event = JSON.parse(line);
        } catch {
          onText?.(line);
          return;
        }
        this.meter?.sample();
        onEvent?.(event);
      });
    }
    this.done = new Promise((resolve) => {
      child.on('error', (error) => resolve({ code: null, stdout, error }));
      child.on('close', (code) => resolve({ code, stdout }));
    });
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Stops the program and everything it started (SIGTERM to its process group). */
  stop() {
    try {
      if (this.running && this.child.pid) process.kill(-this.child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
