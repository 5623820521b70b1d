// How busy other programs kept the CPU while the browser measured: only the page's own server can
// tell (GET api/cpu-load, scripts/lib/native-run.mjs: /proc/stat counters, and whether its native
// engine or npm start's benchmark was measuring). The page reads it before and after a build's
// timing and marks that build's records `cpu_shared` when others used more than the rule allows,
// as the native side's are (app/ratio.ts makes their ratios doubtful, in words). A static host
// has no such reading: there the rounds' own spread is the only witness (share/rounds.ts).
import type { CpuShare } from '../share/verify';
import { cpuWasShared } from './native';

export interface LoadReading {
  total: number;
  idle: number;
  steal: number;
  cores: number;
  benchmark: boolean;
}

/** The server's counters now, or null (a static host, an old server, no /proc). */
export async function readLoad(): Promise<LoadReading | null> {
  try {
    const res = await fetch('api/cpu-load', { cache: 'no-store' });
    if (!res.ok) return null;
    const v = (await res.json()) as Record<string, unknown>;
    const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : null);
    const [total, idle, steal, cores] = [n(v.total), n(v.idle), n(v.steal), n(v.cores)];
    if (v.available !== true || total === null || idle === null || cores === null || cores < 1) return null;
    const bench = v.benchmark as { running?: unknown } | undefined;
    return { total, idle, steal: steal ?? 0, cores, benchmark: bench?.running === true };
  } catch {
    return null;
  }
}

/** The share other programs took between two readings, with `own` cores busy measuring (the
 * worker's thread): a CpuShare when it counts as shared (cpuWasShared), else null. Steal time
 * counts as others'; npm start's benchmark measuring meanwhile counts as at least one core. */
export function browserShare(before: LoadReading | null, after: LoadReading | null, own = 1): CpuShare | null {
  if (!before || !after) return null;
  const total = after.total - before.total;
  if (!(total > 0)) return null;
  const idle = after.idle - before.idle;
  // Busy ticks include steal (the hypervisor running other tenants): that is others' time too.
  const busy = ((total - idle) / total) * after.cores;
  let others = Math.max(0, busy - own);
  if (before.benchmark || after.benchmark) others = Math.max(others, 1);
  others = Math.min(after.cores, Math.round(others * 100) / 100);
  return cpuWasShared(others, after.cores) ? { others_cores: others, cores: after.cores } : null;
}
