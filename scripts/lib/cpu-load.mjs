// How busy other programs kept the CPU while ours measured: all cores' busy time (/proc/stat)
// minus the measuring process group's own CPU time (/proc/<pid>/stat of the CLI and what it
// started, e.g. Stockfish; children it has reaped count through cutime/cstime), over a window.
// The native benchmark of `npm start` runs while the person uses the page (the browser's own runs,
// a build): numbers measured then may be twice too slow with a tight spread, since every sample
// was slowed alike. The page decides which count as shared (web/src/app/native.ts, cpuWasShared)
// and marks them (web/src/app/ratio.ts). Linux only: elsewhere the meter
// knows nothing and says so (null), and nothing is marked.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

// /proc/stat's first line: user nice system idle iowait irq softirq steal ..., in USER_HZ ticks.
function statFields() {
  return readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
}

function machineTicks() {
  const fields = statFields();
  const total = fields.reduce((a, b) => a + b, 0);
  return { total, busy: total - fields[3] - (fields[4] ?? 0) }; // idle and iowait are not busy
}

/** The machine's CPU counters since boot, in ticks: `total`, `idle` (idle and iowait: not busy),
 * `steal` (time the hypervisor gave other machines) and the `cores`; null without /proc. The
 * difference of two readings says how busy the whole machine was between them (GET /api/cpu-load:
 * the page reads it around a browser round). */
export function machineCounters() {
  try {
    const fields = statFields();
    return { total: fields.reduce((a, b) => a + b, 0), idle: fields[3] + (fields[4] ?? 0), steal: fields[7] ?? 0, cores: cpus().length };
  } catch {
    return null;
  }
}

// utime, stime, cutime, cstime: fields 14-17 of /proc/<pid>/stat, counted after the ')' that ends
// the command name (which may hold spaces); the parent's pid and the process group before them.
function processTicks(stat) {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(f[1]), group: Number(f[2]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
}

function everyProcess() {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      out.push({ pid: Number(name), ...processTicks(readFileSync(`/proc/${name}/stat`, 'utf8')) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU ticks of every live process in process group `pgid` (the CLI is started detached, so its
 * group is its own pid, and its children join it). */
function groupTicks(pgid) {
  return everyProcess().reduce((sum, p) => sum + (p.group === pgid ? p.ticks : 0), 0);
}

/** CPU ticks of process `root` and every live descendant (bench:compare: this script, its
 * browsers and their content processes, whatever process groups they made). */
function treeTicks(root) {
  const all = everyProcess();
  const children = new Map();
  for (const p of all) children.set(p.parent, [...(children.get(p.parent) ?? []), p]);
  let ticks = 0;
  const todo = all.filter((p) => p.pid === root);
  while (todo.length) {
    const p = todo.pop();
    ticks += p.ticks;
    todo.push(...(children.get(p.pid) ?? []));
  }
  return ticks;
}

export class CpuLoadMeter {
  /** `pgid`: the measuring process group (a detached child's pid); with `{ tree: true }`, `pgid`
   * is a process whose descendants, whatever their group, measure with it (a browser's). */
  constructor(pgid, { tree = false } = {}) {
    this.pgid = pgid;
    this.own = tree ? () => treeTicks(pgid) : () => groupTicks(pgid);
    this.cores = cpus().length;
    this.start = this.snapshot();
    this.last = this.start;
  }

  snapshot() {
    try {
      return { ...machineTicks(), own: this.own(), at: Date.now() };
    } catch {
      return null; // no /proc
    }
  }

  /** Takes a reading (at most every 250 ms); the window ends at the last one taken. */
  sample(force = false) {
    if (!force && this.last && Date.now() - this.last.at < 250) return;
    const now = this.snapshot();
    // The group's ticks only grow while it lives; a reading after it ended would lose them.
    if (now && (!this.last || now.own >= this.last.own)) this.last = now;
  }

  /** The cores other programs kept busy on average since the window began (null: unknown), and a
   * new window from the last reading on. Always a fresh reading: a case shorter than the readings'
   * spacing still gets its own window. */
  window() {
    this.sample(true);
    const { start, last } = this;
    this.start = last;
    if (!start || !last || last.total <= start.total) return null;
    const others = (last.busy - start.busy - (last.own - start.own)) / (last.total - start.total);
    return Math.max(0, Math.min(1, others)) * this.cores;
  }
}

/** Whether other programs used so much of the CPU that a one-thread measurement may have been
 * slowed: less than one and a half cores were left to it (on 2 cores: others above half a core).
 * The page's rule (web/src/app/native.ts, cpuWasShared), here for the server's re-measuring;
 * tests/web/cpu-load.test.ts holds the two together. */
export function cpuWasShared(othersCores, cores) {
  return othersCores > Math.max(0.25, cores - 1.5);
}
