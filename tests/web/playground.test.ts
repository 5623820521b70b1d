// The playground's page side without a browser (issue 31): a link carries the user's kernel and
// gives it back exactly, within the link's size limit (and says when it does not fit); the
// schemas of links, history entries and reports take a kernel and still read the old ones; the
// compile service's answers are read as scripts/lib/playground/api.mjs gives them, with a sentence
// for every refusal, against a small fake of the service.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeLink, encodeLink, MAX_FRAGMENT_CHARS } from '../../web/src/share/codec';
import { encodeLinkWithKernel, kernelSentence, type LinkBasis } from '../../web/src/share/link-state';
import { LinkStateSchema, MAX_PLAYGROUND_SOURCE, ReportSchema, type Environment, type LinkState, type ResultRecord } from '../../web/src/share/schema';
import { entryOf, readEntry } from '../../web/src/app/history';
import { BuildSchema, buildOutcome, buildsHereWords, buildStatus, playgroundInfo, PlaygroundError, passWords, sourceProblem, startBuild, stopBuild, targetWords, type PlaygroundBuild, type Slot } from '../../web/src/app/playground/api';
import { mergeDiagnostics } from '../../web/src/app/playground/diagnostics';
import { withKernelsOf, type Listing } from '../../web/src/app/listings';

const environment: Environment = {
  side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'unknown', features: 'simd128', compiler: 'Emscripten', flags: '-O3',
  timer_resolution_ns: 5000, date: '2026-11-29T01:00:00Z', user_agent: 'Mozilla/5.0 Chrome/140', cores: 2,
};
const record = (kernel: string, caseKey = 'k=32 mode=array'): ResultRecord => ({
  puzzle: 'popcount', case: caseKey, case_key: caseKey, params: { mode: 'array', k: 32 }, kernel, isa: 'simd128', build: 'wasm-simd128',
  answer: { bits: 65536 }, verified: true, verified_by: 'reference scalar-builtin/scalar', work: 16384, work_unit: 'bytes',
  timing: { samples: 6, reps_per_sample: 100, median_ns: 2000, min_ns: 1900, mad_ns: 20, ns_per_unit: 0.122, units_per_second: 8.192e9 },
});
const basis: LinkBasis = { puzzle: 'popcount', params: { mode: 'array', k: 32 }, kernels: ['nibble-lookup/simd128'], builds: ['simd128'], environment, native: null };
const source = `std::uint64_t kernel(const std::uint8_t* data, std::size_t size) {\n  std::uint64_t bits = 0; // "quotes", <tags>, \u00e9\n  for (std::size_t i = 0; i < size; ++i) bits += std::popcount(data[i]);\n  return bits;\n}\n`;

/** Text that deflate cannot shrink much: a link of it grows with its length. */
function noise(bytes: number, seed = 12345): string {
  let x = seed;
  let out = '';
  while (out.length < bytes) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5; // xorshift32
    out += String.fromCharCode(33 + ((x >>> 8) & 0xffff) % 90);
  }
  return out;
}

describe('links with a kernel', () => {
  it('round-trips the slot and the source exactly, with the records of yours', async () => {
    const made = await encodeLinkWithKernel([record('nibble-lookup'), record('yours')], basis, { slot: 'popcount', source });
    expect(made.kernelTooLong).toBeNull();
    expect(made.kept.map((r) => r.kernel)).toEqual(['nibble-lookup', 'yours']);
    const back = await decodeLink(`#${made.fragment}`);
    expect(back.kind).toBe('ok');
    if (back.kind !== 'ok') return;
    expect(back.state.playground).toEqual({ slot: 'popcount', source });
    expect(back.state.shared?.records.map((r) => r.kernel)).toEqual(['nibble-lookup', 'yours']);
    expect(kernelSentence({ slot: 'popcount', source }, null)).toBe(' It carries your kernel’s source.');
  });

  it('leaves out the records of yours when there is no kernel to go with them', async () => {
    const made = await encodeLinkWithKernel([record('nibble-lookup'), record('yours')], basis, null);
    expect(made.kept.map((r) => r.kernel)).toEqual(['nibble-lookup']);
    expect(made.leftOut).toBe(1);
    const back = await decodeLink(`#${made.fragment}`);
    expect(back.kind === 'ok' && back.state.playground).toBeUndefined();
  });

  it('keeps a link within the size limit: older cases go first, then the kernel, which the status names', async () => {
    // A source that fits only once the records are gone.
    const near = noise(MAX_FRAGMENT_CHARS * 0.8);
    // Cases whose names deflate cannot shrink: together they do not fit beside the source.
    const records = Array.from({ length: 60 }, (_, i) => record(i % 2 ? 'yours' : 'nibble-lookup', `k=${i} ${noise(60, i + 1)}`));
    expect((await encodeLinkWithKernel([], basis, { slot: 'popcount', source: near })).fragment.length).toBeLessThan(MAX_FRAGMENT_CHARS);
    const fits = await encodeLinkWithKernel(records, basis, { slot: 'popcount', source: near });
    expect(fits.fragment.length).toBeLessThanOrEqual(MAX_FRAGMENT_CHARS);
    expect(fits.kernelTooLong).toBeNull();
    expect(fits.leftOut).toBeGreaterThan(0);
    // A source that never fits: the link goes without it, and says how long it would have been.
    const huge = noise(MAX_PLAYGROUND_SOURCE);
    const without = await encodeLinkWithKernel(records, basis, { slot: 'popcount', source: huge });
    expect(without.fragment.length).toBeLessThanOrEqual(MAX_FRAGMENT_CHARS);
    expect(without.kernelTooLong).toBeGreaterThan(MAX_FRAGMENT_CHARS);
    expect(without.kept.every((r) => r.kernel !== 'yours')).toBe(true);
    const back = await decodeLink(`#${without.fragment}`);
    expect(back.kind === 'ok' && back.state.playground).toBeUndefined();
    expect(kernelSentence({ slot: 'popcount', source: huge }, without.kernelTooLong)).toMatch(/^ Your kernel is not in the link: compressed, its source takes [\d,]+ characters, more than the 32 KiB a link may hold\.$/);
  });

  it('refuses a kernel no editor could have sent, and opens links made before kernels were carried', async () => {
    const base: LinkState = { v: 1, puzzle: 'popcount', params: {}, kernels: [], builds: ['simd128'] };
    expect(LinkStateSchema.safeParse(base).success).toBe(true);
    for (const bad of [{ slot: 'popcount', source: 'a\0b' }, { slot: 'popcount', source: 'x'.repeat(MAX_PLAYGROUND_SOURCE + 1) }, { slot: '../etc', source: 'x' }, { slot: 'popcount', source: '' }, { slot: 'popcount', source: 'x', run: true }])
      expect(LinkStateSchema.safeParse({ ...base, playground: bad }).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
    const decoded = await decodeLink(`#${await encodeLink({ ...base, playground: { slot: 'popcount', source: 'int x = 1; // \u202Egnp.exe' } })}`);
    // Trojan Source: bidi controls in a link's source are neutralised like every string of a link.
    expect(decoded.kind === 'ok' && decoded.state.playground?.source).toBe('int x = 1; // \uFFFDgnp.exe');
  });
});

describe('history and downloads keep the source', () => {
  const records = [{ ...record('yours'), case_key: 'k=32 mode=array' }];
  it('stores it with the run and reads it back; entries without one still read', () => {
    const withKernel = entryOf({ puzzle: 'popcount', what: 'k=32', outcome: 'finished', environment, records, date: new Date(), playground: { slot: 'popcount', source } })!;
    const read = readEntry(1, JSON.parse(JSON.stringify(withKernel)));
    expect(read.ok && read.entry.playground).toEqual({ slot: 'popcount', source });
    const old = entryOf({ puzzle: 'popcount', what: 'k=32', outcome: 'finished', environment, records, date: new Date() })!;
    expect('playground' in old).toBe(false);
    expect(readEntry(2, JSON.parse(JSON.stringify(old))).ok).toBe(true);
    expect(readEntry(3, { ...withKernel, playground: { slot: 'popcount', source: 'a\0' } }).ok).toBe(false);
  });

  it('a report may carry it (a download imports back), and reports without one still read', () => {
    const report = { schema: 'simd-puzzles.report/2', environment, records };
    expect(ReportSchema.safeParse(report).success).toBe(true);
    expect(ReportSchema.safeParse({ ...report, playground: { slot: 'popcount', source } }).success).toBe(true);
  });
});

describe('the compile service as the page reads it', () => {
  const diag = (line: number, message = "'x' was not declared in this scope") => ({ line, column: 3, severity: 'error' as const, message });
  const failed: PlaygroundBuild = {
    id: 'abc', slot: 'popcount', state: 'failed',
    steps: [
      { target: 'native-avx2', state: 'failed', diagnostics: [diag(7), { line: 0, severity: 'note', message: 'in a header of ours' }] },
      { target: 'native-sse41', state: 'failed', diagnostics: [diag(7)] },
      { target: 'wasm-simd128', state: 'skipped' },
    ],
  };

  it('merges one error of every pass into one, on its line, errors first', () => {
    const merged = mergeDiagnostics(failed.steps);
    expect(merged.map((d) => [d.severity, d.line, d.targets])).toEqual([['error', 7, ['g++ AVX2', 'g++ SSE4.1']], ['note', 0, ['g++ AVX2']]]);
    expect(buildOutcome(failed)).toBe('Does not compile: 1 error, the first on line 7.');
    expect(targetWords('wasm-baseline')).toBe('em++ wasm baseline (no SIMD)');
    expect(targetWords('link-native')).toBe('link native');
    expect(targetWords('native-sse41_popcnt')).toBe('g++ SSE4.1 + POPCNT'); // the same words as the slot's "builds here" line
    expect(targetWords('native-popcnt')).toBe('g++ scalar with POPCNT');
    expect(targetWords('wasm-relaxed')).toBe('wasm relaxed SIMD (from SIMD128, wabt)'); // not an em++ compile
    expect(targetWords('listing-relaxed')).toBe('listing relaxed SIMD');
  });

  it('says what a build of the slot makes on this server before Compile is pressed', () => {
    const slot: Slot = { id: 'popcount', puzzle: 'popcount', title: 't', signature: 's', rules: [], starter: '', builds: { native: ['avx512_vpopcntdq', 'sse41_popcnt', 'popcnt'], wasm: ['simd128', 'relaxed', 'baseline'] } };
    expect(passWords('avx512_vpopcntdq')).toBe('AVX-512 + VPOPCNTDQ');
    expect(buildsHereWords(slot, { available: true, slots: [slot] })).toBe('On this server it compiles natively for AVX-512 + VPOPCNTDQ, SSE4.1 + POPCNT and scalar with POPCNT, and to wasm SIMD128, relaxed SIMD and baseline (no SIMD).');
    const why = 'no native pass is compiled: the native CLI simd-puzzles is not built yet';
    expect(buildsHereWords({ ...slot, builds: { native: [], wasm: ['simd128'] } }, { available: true, slots: [], passes: { native: [], native_why: why } })).toBe(`On this server it compiles to wasm SIMD128; no native build: ${why}.`);
    expect(buildsHereWords({ ...slot, builds: undefined }, { available: true, slots: [] })).toBeNull(); // an older server
  });

  it('says how a build ended', () => {
    expect(buildOutcome({ ...failed, steps: [{ target: 'native-avx2', state: 'failed', why: 'the compiler ran out of its 30 s of CPU time' }] })).toBe('The build failed at g++ AVX2: the compiler ran out of its 30 s of CPU time');
    expect(buildOutcome({ id: 'a', slot: 'popcount', state: 'done', steps: [{ target: 'native-avx2', state: 'ok' }, { target: 'wasm-baseline', state: 'failed' }] })).toBe('Built: 1 step ok, 1 failed (em++ wasm baseline (no SIMD)).');
    expect(buildOutcome({ id: 'a', slot: 'popcount', state: 'stopped', steps: [] })).toBe('Stopped: the build was stopped.');
  });

  it('refuses module URLs that are not the server’s own', () => {
    const done = { id: 'a', slot: 'popcount', state: 'done', steps: [] };
    expect(BuildSchema.safeParse({ ...done, wasm: { simd128: '/api/playground/builds/a/wasm/simd128/simd-puzzles.mjs' } }).success).toBe(true);
    const relaxed = BuildSchema.safeParse({ ...done, wasm: { simd128: '/api/playground/builds/a/wasm/simd128/simd-puzzles.mjs', relaxed: '/api/playground/builds/a/wasm/relaxed/simd-puzzles.mjs' } });
    expect(relaxed.success && relaxed.data.wasm?.relaxed).toBe('/api/playground/builds/a/wasm/relaxed/simd-puzzles.mjs');
    for (const url of ['https://evil.example/x.mjs', '//evil.example/api/playground/x.mjs', '/api/playground/../../etc/passwd', 'javascript:alert(1)', 'data:text/javascript,1']) {
      expect(BuildSchema.safeParse({ ...done, wasm: { simd128: url } }).success, url).toBe(false);
      expect(BuildSchema.safeParse({ ...done, wasm: { relaxed: url } }).success, url).toBe(false);
    }
  });

  it('checks the source before sending it', () => {
    expect(sourceProblem('  \n')).toMatch(/empty/);
    expect(sourceProblem('a\0b')).toMatch(/NUL/);
    expect(sourceProblem('é'.repeat(30_000))).toMatch(/60,000 bytes; the server compiles at most 50,000/);
    expect(sourceProblem(source)).toBeNull();
  });

  describe('against a fake service', () => {
    afterEach(() => vi.unstubAllGlobals());
    /** The service as a function of method and path; answers JSON with a status. */
    function serve(answer: (method: string, url: string, body: unknown) => [number, unknown] | 'down') {
      const calls: string[] = [];
      vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        calls.push(`${method} ${url}`);
        const a = answer(method, url, init.body ? JSON.parse(String(init.body)) : undefined);
        if (a === 'down') throw new TypeError('fetch failed');
        const [status, body] = a;
        return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      });
      return calls;
    }

    it('starts a build, follows it by long-polling and stops it', async () => {
      let polls = 0;
      const calls = serve((method, _url, body) => {
        if (method === 'POST') return [200, { id: `id-${(body as { slot: string }).slot}` }];
        if (method === 'DELETE') return [200, {}];
        polls += 1;
        return [200, { id: 'id-popcount', slot: 'popcount', state: polls < 2 ? 'building' : 'done', steps: [{ target: 'native-avx2', state: polls < 2 ? 'running' : 'ok', seconds: 1.2 }] }];
      });
      const { id } = await startBuild('popcount', source);
      expect(id).toBe('id-popcount');
      expect((await buildStatus(id)).state).toBe('building');
      expect((await buildStatus(id, 10_000)).state).toBe('done');
      await stopBuild(id);
      expect(calls).toEqual(['POST api/playground/builds', 'GET api/playground/builds/id-popcount', 'GET api/playground/builds/id-popcount?wait=10000', 'DELETE api/playground/builds/id-popcount']);
    });

    it('turns every refusal into a sentence: the server’s own, or the page’s for its status', async () => {
      const cases: [[number, unknown] | 'down', RegExp][] = [
        [[409, { error: 'Another build is running (abc).', running: 'abc' }], /^Another build is running \(abc\)\.$/],
        [[413, {}], /too long for the server/],
        [[400, { error: 'The slot "x" does not exist.' }], /^The slot "x" does not exist\.$/],
        [[404, 'not json'], /has no playground/],
        [[500, {}], /failed to answer/],
        ['down', /did not answer/],
        [[200, { nonsense: true }], /not one this page understands/],
      ];
      for (const [answer, sentence] of cases) {
        serve(() => answer);
        const error = await startBuild('popcount', source).then(() => null, (e: unknown) => e);
        expect(error, JSON.stringify(answer)).toBeInstanceOf(PlaygroundError);
        expect((error as Error).message).toMatch(sentence);
        vi.unstubAllGlobals();
      }
    });

    it('reads what the server offers, and null where there is no server', async () => {
      serve(() => [200, { available: false, why: 'bubblewrap is not installed', slots: [] }]);
      expect(await playgroundInfo()).toEqual({ available: false, why: 'bubblewrap is not installed', slots: [] });
      vi.unstubAllGlobals();
      serve(() => [404, 'Not found']);
      expect(await playgroundInfo()).toBeNull();
    });
  });
});

describe('the Instructions panel with a playground build', () => {
  const counts = {};
  const listing = (kernels: [string, string, string[]][], functions: string[]): Listing => ({
    build: 'x86-64', tool: 'objdump', source: 'x', generated: 'now',
    kernels: Object.fromEntries(kernels.map(([kernel, isa, fns]) => [`popcount/${kernel}/${isa}`, { puzzle: 'popcount', kernel, isa, entries: [{ role: 'kernel', function: fns[0]! }], functions: fns, counts, truncated: false }])),
    functions: Object.fromEntries(functions.map((f) => [f, { address: '0', insns: [['0', 'nop', '']], counts }])),
  }) as Listing;
  it('adds yours (and the functions it names) to our listing, nothing else of the build’s', () => {
    const ours = listing([['nibble-lookup', 'avx2', ['ours_avx2']]], ['ours_avx2']);
    const theirs = listing([['nibble-lookup', 'avx2', ['ours_avx2']], ['yours', 'avx2', ['yours_avx2', 'helper']]], ['ours_avx2', 'yours_avx2', 'helper', 'unrelated']);
    const merged = withKernelsOf(ours, theirs, 'yours')!;
    expect(Object.keys(merged.kernels).sort()).toEqual(['popcount/nibble-lookup/avx2', 'popcount/yours/avx2']);
    expect(Object.keys(merged.functions).sort()).toEqual(['helper', 'ours_avx2', 'yours_avx2']);
    expect(withKernelsOf(null, theirs, 'yours')!.kernels).toHaveProperty(['popcount/yours/avx2']);
    expect(withKernelsOf(ours, undefined, 'yours')).toBe(ours);
  });
});

describe('the slots the page ships', () => {
  it('has popcount, N-queens, the cube, chess and Cephalopod, each with its note and our kernel, for a puzzle the page has', async () => {
    const { BUNDLED_SLOTS } = await import('../../web/src/app/playground/slots');
    const { views } = await import('../../web/src/puzzles');
    expect(BUNDLED_SLOTS.map((s) => s.id).sort()).toEqual(['cephalopod', 'chess', 'cube', 'nqueens', 'popcount']);
    for (const slot of BUNDLED_SLOTS) {
      expect(slot.signature.length).toBeGreaterThan(10);
      expect(slot.rules.length).toBeGreaterThan(0);
      expect(slot.starter.length).toBeGreaterThan(100);
      expect(views.has(slot.puzzle)).toBe(true);
    }
  });

  it('are the server’s slots too, each with its glue, and names passes isa.h has and the service can place', async () => {
    // @ts-expect-error: plain ESM helper of the scripts
    const { passIsa, readCliPasses, readSlots, repoRoot, SCALAR_PASSES } = await import('../../scripts/lib/playground/compile.mjs');
    const { BUNDLED_SLOTS } = await import('../../web/src/app/playground/slots');
    const { existsSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const served = readSlots() as Map<string, { passes: string[]; starter: string }>;
    expect([...served.keys()].sort()).toEqual(BUNDLED_SLOTS.map((s) => s.id).sort());
    const isa = readFileSync(join(repoRoot, 'cpp/simd/isa.h'), 'utf8');
    // The passes the native CLI has (web layer: built before these tests run); the service compiles
    // a slot's pass natively only if the CLI lists it (and says this CPU runs it).
    const cli = readCliPasses(join(repoRoot, 'build/native/simd-puzzles')) as { passes: { name: string }[]; why: string | null };
    expect(cli.why).toBeNull();
    const known = new Set(cli.passes.map((p) => p.name));
    for (const [id, slot] of served) {
      for (const f of ['slot.inl', 'prelude.inl', 'starter.cpp']) expect(existsSync(join(repoRoot, 'cpp/puzzles', id, 'playground', f)), `${id}/${f}`).toBe(true);
      expect(slot.passes.length, id).toBeGreaterThan(0);
      for (const pass of slot.passes) {
        expect(isa, `${id}: pass ${pass} in isa.h`).toContain(`#define SP_PASS_ROW_${pass} `);
        // A native pass of this architecture is one the CLI has; neon and wasm are not x86's.
        if (pass !== 'neon' && pass !== 'wasm' && process.arch !== 'arm64') expect(known.has(pass), `${id}: ${pass} in simd-puzzles passes`).toBe(true);
        expect(passIsa(pass)).toMatch(/^(scalar|bmi2|sse4\.1|avx2|avx512|neon|simd128)$/);
      }
      // A slot built in a scalar pass (the wasm baseline, native popcnt) starts with a branch for it.
      if (slot.passes.some((p) => SCALAR_PASSES.has(p))) expect(slot.starter, `${id}: the starter's scalar branch`).toMatch(/#if !?SP_PASS_HAS_FAMILY/);
    }
    expect(served.get('chess')?.passes).toEqual(['popcnt', 'sse41_popcnt', 'neon', 'wasm']);
    // simd-dfs's passes where family::U32 has the starter's 4 lanes; Cephalopod has no scalar pass.
    expect(served.get('cephalopod')?.passes).toEqual(['sse41', 'neon', 'wasm']);
  });
});
