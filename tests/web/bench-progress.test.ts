// The native benchmark's progress (scripts/lib/bench-progress.mjs): a fraction of the expected
// time, not of the case count (issue 17: "sat at 7-9 % for 15 minutes" on Cephalopod's deep boards,
// which are 18 of 185 cases and most of the time), the quickest puzzles first; and the one helper
// that starts the CLI for the benchmark (scripts/lib/cli-process.mjs).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { BenchProgress, caseKey, expectedSeconds, quickestFirst } from '../../scripts/lib/bench-progress.mjs';
// @ts-expect-error: plain ESM helper of the scripts
import { caseFraction, ProgramRun } from '../../scripts/lib/cli-process.mjs';
import { benchProgressText, readBenchStatus } from '../../web/src/app/native';

const plan = [
  { puzzle: 'cephalopod', cases: ['d40', 'd20'] },
  { puzzle: 'nqueens', cases: ['n=8', 'n=12', 'n=16'] },
];

describe('expected seconds per case', () => {
  it('takes this machine’s last run of the profile, then the other profile, then the prior', () => {
    const costs = { quick: { 'cephalopod|d40': 600 }, full: { 'cephalopod|d20': 9 } };
    const prior = { quick: { 'cephalopod|d20': 1, 'nqueens|n=8': 0.1, 'nqueens|n=12': 0.5, 'nqueens|n=16': 4 } };
    const { seconds, source } = expectedSeconds(plan, 'quick', costs, prior);
    expect(Object.fromEntries(seconds)).toEqual({ 'cephalopod|d40': 600, 'cephalopod|d20': 9, 'nqueens|n=8': 0.1, 'nqueens|n=12': 0.5, 'nqueens|n=16': 4 });
    expect(source).toBe('prior'); // 2 of 5 from this machine
  });

  it('weighs a case nobody knows like its puzzle’s median, else like the median of all', () => {
    const prior = { quick: { 'nqueens|n=8': 0.1, 'nqueens|n=12': 0.5, 'nqueens|n=16': 4 } };
    const { seconds } = expectedSeconds([...plan, { puzzle: 'nqueens', cases: ['n=13'] }], 'quick', null, prior);
    expect(seconds.get('nqueens|n=13')).toBe(0.5);
    expect(seconds.get('cephalopod|d40')).toBe(0.5);
    const none = expectedSeconds(plan, 'full', null, null);
    expect(none.source).toBe('none');
    expect(expectedSeconds(plan, 'quick', { quick: { 'nqueens|n=8': 1, 'nqueens|n=12': 1 } }, null).source).toBe('none'); // 2 of 5
    expect([...none.seconds.values()]).toEqual([1, 1, 1, 1, 1]); // case counts, as before
  });

  it('weighs a puzzle the prior has never measured by the measured cases of the others, never 0', () => {
    // A puzzle added since the prior was made (issue 30): nothing to edit in native-bench-prior.json.
    const prior = { quick: { 'cephalopod|d40': 600, 'cephalopod|d20': 1, 'nqueens|n=8': 0.1, 'nqueens|n=12': 0.5, 'nqueens|n=16': 4 } };
    const { seconds, source } = expectedSeconds([...plan, { puzzle: 'sixth', cases: ['a', 'b'] }], 'quick', null, prior);
    expect(seconds.get('sixth|a')).toBe(1);
    expect(seconds.get('sixth|b')).toBe(1);
    expect(source).toBe('prior');
    // Once this machine has measured it, its own seconds count.
    const later = expectedSeconds([{ puzzle: 'sixth', cases: ['a', 'b'] }], 'quick', { quick: { 'sixth|a': 0.02 } }, prior).seconds;
    expect(Object.fromEntries(later)).toEqual({ 'sixth|a': 0.02, 'sixth|b': 0.02 });
  });

  it('puts the quickest puzzles first', () => {
    const seconds = new Map([['cephalopod|d40', 600], ['cephalopod|d20', 1], ['nqueens|n=8', 1], ['nqueens|n=12', 1], ['nqueens|n=16', 5]]);
    expect(quickestFirst(plan, seconds).map((p: { puzzle: string }) => p.puzzle)).toEqual(['nqueens', 'cephalopod']);
  });
});

describe('the fraction of the expected time', () => {
  // One heavy case (a deep board: 90 % of the time) and nine light ones.
  const seconds = new Map<string, number>([['p|heavy', 90], ...Array.from({ length: 9 }, (_, i) => [`p|light${i}`, 10 / 9] as [string, number])]);

  it('moves with the time a heavy case takes, where counting cases would stand still', () => {
    const p = new BenchProgress(seconds, 0);
    p.startCase('p|heavy', 0);
    expect(p.fraction(45_000)).toBeCloseTo(0.45); // counting cases: 0 of 10
    expect(p.fraction(80_000)).toBeCloseTo(0.8);
    // Slower than expected: held at 95 % of the case, never past it.
    expect(p.fraction(500_000)).toBeCloseTo(0.855);
    const ended = p.startCase('p|light0', 500_000);
    expect(ended).toEqual({ key: 'p|heavy', seconds: 500 });
    expect(p.fraction(500_000)).toBeCloseTo(0.9);
    expect(p.actual.get('p|heavy')).toBe(500);
  });

  it('never goes backwards, and a puzzle’s end counts the cases it skipped', () => {
    const p = new BenchProgress(seconds, 0);
    let last = 0;
    let t = 0;
    for (let i = 0; i < 5; ++i) {
      p.startCase(`p|light${i}`, t);
      for (const dt of [100, 700, 3000]) {
        const f = p.fraction(t + dt);
        expect(f).toBeGreaterThanOrEqual(last);
        last = f;
      }
      t += 3000;
    }
    p.endCase(t);
    expect(p.fraction(t)).toBeCloseTo((5 * 10) / 9 / 100, 5);
    p.finishAll([...seconds.keys()]);
    expect(p.fraction(t)).toBe(1);
  });

  it('estimates the time left at this run’s pace, once some of it is done', () => {
    const p = new BenchProgress(seconds, 0);
    p.startCase('p|light0', 0);
    expect(p.secondsLeft(1000)).toBeNull();
    for (let i = 1; i < 9; ++i) p.startCase(`p|light${i}`, i * 2000); // each took 2 s, not 1.1 s
    p.startCase('p|heavy', 18_000);
    // 10 s of expected work took 18 s: the 90 s left will take about 162 s.
    expect(p.secondsLeft(18_000)).toBeCloseTo(162, 0);
  });
});

describe('the CLI process helper', () => {
  it('reads progress events and other lines from stderr, keeps stdout, and says how it ended', async () => {
    const events: unknown[] = [];
    const texts: string[] = [];
    const script = `process.stderr.write(JSON.stringify({kernel_index: 2, kernel_count: 4, phase: 'sample', sample: 1, samples: 2}) + '\\nnot json\\n'); process.stdout.write('{"ok":true}'); process.exitCode = 3;`;
    const run = new ProgramRun(process.execPath, ['-e', script], { collectStdout: true, measureLoad: true, onEvent: (e: unknown) => events.push(e), onText: (t: string) => texts.push(t) });
    const { code, stdout } = await run.done;
    expect(code).toBe(3);
    expect(stdout).toBe('{"ok":true}');
    expect(texts).toEqual(['not json']);
    expect(caseFraction(events[0])).toBeCloseTo(1.5 / 4);
    expect(run.running).toBe(false);
  });

  it('stops the program and what it started (its process group)', async () => {
    // A shell that starts a long sleep and waits for it: stopping only the shell would leave it.
    const run = new ProgramRun('sh', ['-c', 'sleep 30 & echo started >&2; wait'], { onText: () => run.stop() });
    const begun = Date.now();
    const { code } = await run.done;
    expect(code).not.toBe(0);
    expect(Date.now() - begun).toBeLessThan(10_000);
  });

  it('reports a program that cannot start instead of throwing', async () => {
    const { code, error } = await new ProgramRun('/nonexistent/simd-puzzles', []).done;
    expect(code).toBeNull();
    expect(String(error)).toMatch(/ENOENT/);
  });

  it('counts a case’s kernels done and the samples of the one being timed', () => {
    expect(caseFraction({ phase: 'verify', kernel_index: 1, kernel_count: 4 })).toBe(0);
    expect(caseFraction({ phase: 'sample', kernel_index: 4, kernel_count: 4, sample: 5, samples: 5 })).toBe(1);
  });
});

describe('the page’s words for it', () => {
  const served = {
    state: 'running', phase: 'bench', fraction: 0.4, weights: 'this machine', seconds_left: 400, cores: 2,
    puzzle: 'cephalopod', case: 'board=000000000 depth=40', puzzle_case: 17, puzzle_cases: 18,
    kernel: 'reference/scalar', kernel_index: 1, kernel_count: 13,
    recent: [{ puzzle: 'cephalopod', case: 'board=000000000 depth=30', seconds: 63.2, others_cores: 1.4 }, { puzzle: 'cephalopod', case: 'board=000000000 depth=20', seconds: 4.25, others_cores: 0.1 }],
  };

  it('say the share of the expected time, the time left, the case and kernel now, and the last cases', () => {
    const st = readBenchStatus(served)!;
    const { text, lines } = benchProgressText(st);
    expect(text).toContain('40 % of the expected time, about 7 min left');
    expect(text).toContain('now cephalopod, case 17 of 18: board=000000000 depth=40, kernel reference/scalar (1 of 13)');
    expect(lines).toEqual(['cephalopod board=000000000 depth=30: measured in 63 s, shared CPU', 'cephalopod board=000000000 depth=20: measured in 4.3 s']);
  });

  it('say, in the last phase, how many shared-CPU cases were measured again and what it waits for', () => {
    const st = readBenchStatus({ state: 'running', phase: 'remeasure', fraction: 0.5, remeasure_done: 1, remeasure_total: 2, waiting: true, others_now: 1.2, cores: 2, puzzle: 'nqueens', case: 'n=12', recent: [] })!;
    expect(st.phase).toBe('remeasure');
    expect(benchProgressText(st).text).toBe('Measuring again the native cases measured on a shared CPU, one at a time when the CPU is quiet: 1 of 2 done, waiting for a quiet CPU (other programs use 1.2 of 2 cores) to measure nqueens n=12. Measure natively now goes first.');
    // Without a count it is not that phase.
    expect(readBenchStatus({ state: 'running', phase: 'remeasure' })!.phase).toBe('bench');
  });

  it('say "of the cases" where nothing weighed them, and read a hostile status safely', () => {
    expect(benchProgressText(readBenchStatus({ ...served, weights: 'none', seconds_left: undefined })!).text).toMatch(/40 % of the cases \(now/);
    const odd = readBenchStatus({ ...served, seconds_left: -5, puzzle_case: 1.5, recent: [{ puzzle: 'x' }, 7, null, { puzzle: 'p', case: 'c', seconds: 1 }] })!;
    expect(odd.secondsLeft).toBeUndefined();
    expect(odd.puzzleCase).toBeUndefined();
    expect(odd.recent).toEqual([{ puzzle: 'p', case: 'c', seconds: 1 }]);
    expect(readBenchStatus({ state: 'running' })).toEqual({ state: 'running', phase: 'bench', fraction: 0, recent: [] });
  });
});
