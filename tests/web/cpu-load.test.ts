// How busy the CPU was while native numbers were measured: the server's meter (a real busy loop
// beside a quiet measured process must show up as others' load) and the page's reading of it.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { CpuLoadMeter, cpuWasShared as serverSaysShared } from '../../scripts/lib/cpu-load.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { MACHINE_SPEED_STEP as SERVER_MACHINE_SPEED_STEP, sharedCases, slowMachineCases } from '../../scripts/lib/remeasure.mjs';
import { MACHINE_SPEED_STEP } from '../../web/src/share/rounds';
import { cpuLoadText, cpuWasShared, markSharedCpu, readCpuLoad } from '../../web/src/app/native';
import type { ResultRecord } from '../../web/src/share/schema';

describe('the server’s CPU load meter', () => {
  it.runIf(process.platform === 'linux')('counts a busy loop outside the measured process group as others’ load', async () => {
    const quiet = spawn('sleep', ['3'], { detached: true, stdio: 'ignore' });
    const busy = spawn(process.execPath, ['-e', 'const end = Date.now() + 1500; while (Date.now() < end);'], { stdio: 'ignore' });
    const meter = new CpuLoadMeter(quiet.pid);
    await new Promise((resolve) => busy.on('close', resolve));
    const others = meter.window() as number;
    quiet.kill();
    expect(others).toBeGreaterThan(0.3); // the loop alone kept one core busy for the window
    expect(others).toBeLessThanOrEqual(meter.cores);
  });

  it.runIf(process.platform === 'linux')('gives a case shorter than the readings’ spacing a window of its own', () => {
    const meter = new CpuLoadMeter(process.pid, { tree: true });
    meter.window();
    const end = Date.now() + 80;
    while (Date.now() < end); // a short case: 80 ms, under the 250 ms between readings
    expect(meter.window()).not.toBeNull();
  });

  it.runIf(process.platform === 'linux')('counts a whole process tree as ours, a child in a group of its own too (a browser’s)', async () => {
    const quiet = spawn('sleep', ['3'], { detached: true, stdio: 'ignore' });
    const byGroup = new CpuLoadMeter(quiet.pid);
    const byTree = new CpuLoadMeter(process.pid, { tree: true });
    // Detached: its own process group, yet a descendant of this process.
    const busy = spawn(process.execPath, ['-e', 'const end = Date.now() + 1500; while (Date.now() < end);'], { detached: true, stdio: 'ignore' });
    const tick = setInterval(() => byTree.sample(), 100); // readings while the child lives
    await new Promise((resolve) => busy.on('close', resolve));
    clearInterval(tick);
    const notOurs = byGroup.window() as number;
    const othersOfTree = byTree.window() as number;
    quiet.kill();
    expect(notOurs - othersOfTree).toBeGreaterThan(0.2);
  });
});

describe('the page’s reading of it', () => {
  const record = (c: string) => ({ puzzle: 'nqueens', case: c, params: { n: 12 }, kernel: 'bitmask', isa: 'scalar', build: 'native', answer: {}, verified: true, verified_by: 'x', work: 1, work_unit: 'nodes' }) as ResultRecord;

  it('calls a CPU shared when less than 1.5 cores were left to the measurement', () => {
    expect(cpuWasShared(0.2, 2)).toBe(false);
    expect(cpuWasShared(0.6, 2)).toBe(true);
    expect(cpuWasShared(2, 8)).toBe(false);
    expect(cpuWasShared(7, 8)).toBe(true);
    // The server, which measures again what the page marks, uses the same rule.
    for (const cores of [1, 2, 4, 8, 64])
      for (let others = 0; others <= cores; others += cores / 40) expect(serverSaysShared(others, cores)).toBe(cpuWasShared(others, cores));
  });

  it('has the server measure again the cases the page marks, the busiest first', () => {
    const load = { cores: 2, cases: { 'nqueens|n=12': 0.6, 'nqueens|n=8': 0.1, 'cube|op=a b': 1.8, 'x|y': 'busy' } };
    expect(sharedCases(load)).toEqual([
      { key: 'cube|op=a b', puzzle: 'cube', label: 'op=a b', others: 1.8 },
      { key: 'nqueens|n=12', puzzle: 'nqueens', label: 'n=12', others: 0.6 },
    ]);
    expect(sharedCases(null)).toEqual([]);
  });

  it('has the server measure again the cases measured while the machine itself ran slower (their reference loop), the slowest first', () => {
    const rec = (puzzle: string, c: string, reference_ns?: number[]) => ({ puzzle, case: c, timing: reference_ns ? { reference_ns } : {} });
    const steady = [5200, 5150, 5230];
    const report = {
      records: [
        rec('nqueens', 'n=8', steady), rec('nqueens', 'n=8', steady), // one case, its records share the rounds
        rec('nqueens', 'n=12', [5180, 8300, 8900]), // two slow rounds of three: the case's median is slow
        rec('nqueens', 'n=14', [5210, 9100, 5190]), // one slow round: the median is not
        rec('popcount', 'k=3', [7000, 7100, 6900]),
        rec('cube', 'op=a', steady), rec('cube', 'op=b', steady), rec('cube', 'op=c', steady),
        rec('chess', 'old', undefined), // a record from before the reference loop
      ],
    };
    const slow = slowMachineCases(report);
    expect(slow.map((c: { key: string }) => c.key)).toEqual(['nqueens|n=12', 'popcount|k=3']);
    expect(slow[0]).toMatchObject({ puzzle: 'nqueens', label: 'n=12' });
    expect(slow[0].step).toBeGreaterThan(slow[1].step);
    expect(slowMachineCases({ records: [rec('chess', 'old')] })).toEqual([]);
    expect(slowMachineCases(null)).toEqual([]);
    // The same step as the page's doubt (share/rounds.ts) and the CLI's (harness.h).
    expect(SERVER_MACHINE_SPEED_STEP).toBe(MACHINE_SPEED_STEP);
  });

  it('marks the records of the cases measured on a shared CPU, and says how many in words', () => {
    const load = readCpuLoad({ cores: 2, cases: { 'nqueens|n=12': 1.4, 'nqueens|n=8': 0.1 } })!;
    const [busy, quiet] = markSharedCpu([record('n=12'), record('n=8')], load) as (ResultRecord & { cpu_shared?: unknown })[];
    expect(busy!.cpu_shared).toEqual({ others_cores: 1.4, cores: 2 });
    expect(quiet!.cpu_shared).toBeUndefined();
    expect(cpuLoadText(load)).toEqual({ shared: true, text: expect.stringContaining('Shared CPU: while 1 of 2 cases were measured, other programs kept up to 1.4 of 2 cores busy') });
  });

  it('reads nothing from a load it cannot trust', () => {
    expect(readCpuLoad(null)).toBeUndefined();
    expect(readCpuLoad({ cores: -1, cases: {} })).toBeUndefined();
    expect(readCpuLoad({ cores: 2, cases: { a: 'x', b: 5, c: 1 } })?.cases).toEqual(new Map([['c', 1]]));
  });
});
