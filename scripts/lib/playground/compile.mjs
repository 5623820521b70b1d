// The playground's compile service (issue 31, docs/playground.md): turns a slot and a user's
// source into a whole engine with the user's kernel registered as `yours`: natively one object per
// ISA pass this CPU has, linked with the prebuilt engine archive into a `simd-puzzles`; in wasm one
// module per flavour (simd128 from the `wasm` pass, baseline from the scalar pass), and the relaxed
// flavour rewritten from the simd128 module as ours is (scripts/relax-wasm.mjs). Every compile,
// link and rewrite runs in the compile jail (sandbox.mjs); every flag comes from the build's
// toolchain.json (cmake/playground.cmake writes it), none from the page.
//
// - One build at a time; up to MAX_QUEUE wait behind it; more are refused (409).
// - Cached by content: the build id is sha256 of the slot, the source and everything the result
//   depends on (the toolchains, archives, slot glue, pass-file template); a build folder
//   <tmp>/simd-puzzles-playground-<uid>/builds/<id>/ keeps its outputs and, once ended, its
//   state.json, so a server restart still answers a finished build at once. The oldest folders go
//   past KEEP_BUILDS.
// - Steps, each with its state, seconds, diagnostics on kernel.cpp lines (diagnostics.mjs) and a
//   capped log: native-<pass>..., link-native, wasm-simd128, wasm-relaxed, wasm-baseline,
//   listing-<build>. A scalar pass that fails while a vector pass compiled is "skipped" (the source
//   needs a vector family there), not a failure of the build; nor is a failed listing or relaxed
//   rewrite (the other flavours stay usable).
// - Stop kills the jail of the step running (and the build's sandboxed engine: engines.mjs).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanText, parseDiagnostics, parseLinkErrors } from './diagnostics.mjs';
import { LIMITS, giveToSandbox, jobRoot, makeJobDir, probeSandbox, runJailed, sandboxIdentity } from './sandbox.mjs';
import { WASM_OUT_DIRS } from '../wasm-outputs.mjs';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const MAX_SOURCE_BYTES = 50 * 1024;
export const MAX_QUEUE = 4;
export const KEEP_BUILDS = 16;
export const BUILD_ID = /^[0-9a-f]{64}$/;
/** Bumped when what a build makes changes (cached builds of another version are not used). */
const SERVICE_VERSION = 'playground-5'; // 5: the relaxed flavour (wasm-relaxed)
const LOG_CAP = 16 * 1024;
/** A listing of the whole engine is ~5 MB (x86-64). */
const MAX_LISTING_BYTES = 32 * 1024 * 1024;
const USER_SOURCE_FILE = 'kernel.cpp';

/** The link kits (cmake/playground.cmake): build -> toolchain.json, relative to the repository. */
export const TOOLCHAINS = Object.freeze({
  native: 'build/native/playground/toolchain.json',
  'wasm-simd128': `${WASM_OUT_DIRS.simd128}/playground/toolchain.json`,
  'wasm-baseline': `${WASM_OUT_DIRS.baseline}/playground/toolchain.json`,
});
/** The wasm flavours: the page's name -> the build. */
export const WASM_FLAVOURS = Object.freeze({ simd128: 'wasm-simd128', baseline: 'wasm-baseline' });
/** The flavours made from another's module, not compiled: the page's name -> the build and the
 * flavour it is rewritten from (relaxed: scripts/relax-wasm.mjs over the simd128 link, as ours is;
 * docs/architecture.md, "The relaxed flavour"). */
export const DERIVED_FLAVOURS = Object.freeze({ relaxed: Object.freeze({ build: 'wasm-relaxed', from: 'simd128' }) });
/** Every wasm flavour a build may serve. */
const OUTPUT_FLAVOURS = new Set([...Object.keys(WASM_FLAVOURS), ...Object.keys(DERIVED_FLAVOURS)]);
/** The rewrite, relative to the repository (and to the jail's view of it). */
const RELAX_SCRIPT = 'scripts/relax-wasm.mjs';
/** Passes with no vector family (cpp/simd/isa.h: family `none`). */
export const SCALAR_PASSES = new Set(['popcnt', 'bmi2']);
/** Undefined symbols of a user's wasm object that reach JavaScript (compile.mjs, jsReach). */
export const JS_REACH = /emval|embind|emscripten|asm_const|em_js|em_asm/i;

/** The isa label of a pass (isa.h's isa column, named as cpp/core/cpu.h's SP_ISA_LIST): the
 * catalog's kernel key `yours/<isa>`. */
export function passIsa(pass) {
  if (pass === 'popcnt') return 'scalar';
  if (pass === 'wasm') return 'simd128';
  const isa = pass.split('_')[0];
  return isa === 'sse41' ? 'sse4.1' : isa;
}

/** How long `simd-puzzles passes --json` may take (it prints a table the registry already holds). */
const CLI_TIMEOUT_MS = 15_000;
const PASS_NAME = /^[a-z0-9_]{1,40}$/;

/**
 * Which ISA passes the native CLI `cli` has and whether this CPU runs each: its registry's answer
 * (`simd-puzzles passes --json`: every pass's PassInfo from cpp/simd/isa.h, and cpu::has(needs),
 * the gate of every kernel of the pass), so no table of CPU flags is kept here. Returns
 * {passes: [{name, isa, needs, runs}], why: null}, or {passes: [], why} with why in words (no
 * server path: it reaches the page).
 */
export function readCliPasses(cli) {
  const fail = (why) => ({ passes: [], why: `cannot ask the native CLI which ISA passes this CPU runs: ${why}` });
  if (!cli) return fail('the native link kit names no CLI (a kit older than this server: rebuild it, cmake --preset native && cmake --build --preset native)');
  if (!existsSync(cli)) return fail('simd-puzzles is not built yet (npm start builds it; compile again once it is)');
  let out;
  try {
    out = execFileSync(cli, ['passes', '--json'], { encoding: 'utf8', timeout: CLI_TIMEOUT_MS, maxBuffer: 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const said = cleanText(String(e.stderr ?? '').split(cli).join('simd-puzzles')).split('\n').map((l) => l.trim()).find(Boolean)?.slice(0, 300);
    if (e.code === 'ETIMEDOUT' || e.signal === 'SIGTERM') return fail(`simd-puzzles did not answer within ${CLI_TIMEOUT_MS / 1000} s`);
    if (e.signal) return fail(`simd-puzzles was killed by ${e.signal}${said ? ` (${said})` : ''}`);
    if (typeof e.status !== 'number') return fail(`simd-puzzles could not be started (${e.code ?? 'error'})`);
    // An older CLI has no `passes`: "unknown command 'passes'".
    return fail(`\`simd-puzzles passes --json\` exited with code ${e.status}${said ? ` (${said})` : ''}; if the CLI is older than this server, rebuild it: cmake --build --preset native`);
  }
  let answer = null;
  try {
    answer = JSON.parse(out);
  } catch {
    // not JSON: below
  }
  const passes = answer?.passes;
  if (!Array.isArray(passes) || passes.length > 64 || !passes.every((p) => p && PASS_NAME.test(p.name) && typeof p.runs === 'boolean')) {
    return fail('its answer is not a list of passes (an older CLI? rebuild it: cmake --build --preset native)');
  }
  return { passes: passes.map(({ name, isa, needs, runs }) => ({ name, isa: String(isa ?? ''), needs: String(needs ?? ''), runs })), why: null };
}

const sha256 = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'string' ? `${p.length}:${p}` : p);
  return h.digest('hex');
};
const readText = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** Opens a regular file of a build folder for reading, never through a symlink: {fd, size} or null. */
export function openBuildFile(file) {
  let fd;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error('not a file');
    return { fd, size: st.size };
  } catch {
    if (fd !== undefined) closeSync(fd);
    return null;
  }
}

/** The page's slots: cpp/puzzles/<p>/playground/{slot.json, starter.cpp, slot.inl}. */
export function readSlots(repo = repoRoot) {
  const slots = new Map();
  const dir = join(repo, 'cpp', 'puzzles');
  let names = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return slots;
  }
  for (const name of names) {
    const base = join(dir, name, 'playground');
    const json = readText(join(base, 'slot.json'));
    if (json === null) continue;
    try {
      const slot = JSON.parse(json);
      if (slot.puzzle !== name) continue;
      slots.set(name, {
        id: name,
        puzzle: name,
        title: String(slot.title ?? name),
        signature: String(slot.signature ?? ''),
        rules: Array.isArray(slot.rules) ? slot.rules.map(String) : [],
        passes: Array.isArray(slot.passes) ? slot.passes.map(String) : [],
        group: slot.group,
        starter: readText(join(base, 'starter.cpp')) ?? '',
        glue: ['slot.inl', 'prelude.inl'].map((f) => `${f}\n${readText(join(base, f)) ?? ''}`).join('\n') + json,
      });
    } catch {
      // a broken slot.json is no slot
    }
  }
  return slots;
}

/** The link kits present: build -> {build, cxx, compile, includes, link, archive, output, slots,
 * text (for the cache key), stamp (archive size and time)}. */
export function readToolchains(repo = repoRoot, files = TOOLCHAINS) {
  const out = new Map();
  for (const [build, rel] of Object.entries(files)) {
    const text = readText(resolve(repo, rel));
    if (text === null) continue;
    try {
      const t = JSON.parse(text);
      const st = statSync(t.archive);
      // The compiler as a real path (/usr/bin/c++ is a link through /etc/alternatives, and the
      // compile jail has no /etc); the jail has /usr only.
      const cxx = typeof t.cxx !== 'string' ? '' : throughEtc(t.cxx) ? realpathSync(t.cxx) : t.cxx;
      if (!cxx.startsWith('/usr/')) continue;
      out.set(build, { ...t, cxx, key: build, text, stamp: `${st.size}:${st.mtimeMs}`, dir: dirname(resolve(repo, rel)) });
    } catch {
      // unreadable, or its archive is missing: not built
    }
  }
  return out;
}

/** Whether `file` is a symlink that leads through /etc (Debian's alternatives: /usr/bin/c++). */
function throughEtc(file) {
  try {
    return lstatSync(file).isSymbolicLink() && readlinkSync(file).startsWith('/etc/');
  } catch {
    return false;
  }
}

const isClang = (t) => t.key.startsWith('wasm') || /em\+\+|clang/.test(t.cxx);

/** Whether every folder from / down to `path` lets others pass (o+x), and `path` lets them read. */
function searchableByOthers(path) {
  try {
    const full = realpathSync(path);
    let dir = dirname(full);
    for (;;) {
      if ((statSync(dir).mode & 0o001) === 0) return false;
      if (dir === '/') break;
      dir = dirname(dir);
    }
    return (statSync(full).mode & 0o004) !== 0;
  } catch {
    return false;
  }
}

/** Flags that shape the compiler's messages, never its code: no colour, a bounded error count. */
const messageFlags = (t) => (isClang(t) ? ['-fno-color-diagnostics', '-ferror-limit=30'] : ['-fdiagnostics-color=never', '-fmax-errors=30']);

/** A kit's compile of one pass file to an object: the flags cmake/playground.cmake wrote, plus
 * only the message flags. Also how tests/native/playground_starter_test.mjs builds a starter. */
export const compileCommand = (t, file, object) => [t.cxx, ...t.compile, ...(t.includes ?? []).map((i) => `-I${i}`), ...messageFlags(t), '-c', file, '-o', object];
/** A kit's link: the pass objects and the whole engine archive (kernels register themselves by
 * static initialisers, so no object of it may be dropped). */
export const linkCommand = (t, objects, output) => [t.cxx, ...objects, '-Wl,--whole-archive', t.archive, '-Wl,--no-whole-archive', ...t.link, '-o', output];

export class PlaygroundService {
  constructor({
    repo = repoRoot,
    root = null,
    toolchainFiles = TOOLCHAINS,
    probe = null,
    hasPass = null,
    passFile = null,
    keep = KEEP_BUILDS,
    maxQueue = MAX_QUEUE,
    limits = {},
    listings = true,
    jobs = 2,
    onStop = () => {},
  } = {}) {
    this.repo = repo;
    this.rootDir = root;
    this.toolchainFiles = toolchainFiles;
    this.probe = probe ?? (() => probeSandbox({ binds: [this.hostFor(join(repo, 'cpp'))] }));
    /** host path -> its staged copy (hostFor), made once per server start. */
    this.staged = new Map();
    /** Tests say which native passes run here; otherwise the native CLI does (nativePasses). */
    this.hasPass = hasPass;
    /** The CLI's answer, with the stamp (path, size, time) of the binary that gave it. */
    this.cliAnswer = null;
    this.passFileFn = passFile;
    this.keep = keep;
    this.maxQueue = maxQueue;
    this.limits = limits;
    this.listings = listings;
    this.jobs = jobs;
    this.onStop = onStop;
    /** id -> build (in memory: the ones of this server's life, and those read back from disk). */
    this.builds = new Map();
    this.queue = [];
    this.running = null;
    this.closed = false;
  }

  get root() {
    if (!this.rootDir) this.rootDir = jobRoot();
    const builds = join(this.rootDir, 'builds');
    if (!existsSync(builds)) mkdirSync(builds, { mode: 0o711 });
    return builds;
  }

  /**
   * Where the jail should read `path` (a folder or file of the checkout: headers, a kit, the
   * listing script) from. A root server's jail runs as the sandbox user, which cannot pass through
   * a checkout under a private folder (/root is 0700): then the path is copied once into the
   * playground's own folder, readable by others, and bound at its original path inside the jail,
   * so the toolchain's flags hold unchanged.
   */
  hostFor(path) {
    if (!sandboxIdentity().switch || searchableByOthers(path)) return path;
    const had = this.staged.get(path);
    if (had && existsSync(had)) return had;
    const root = join(this.rootDir ?? (this.rootDir = jobRoot()), 'staged');
    mkdirSync(root, { recursive: true, mode: 0o711 });
    const dir = join(root, createHash('sha256').update(path).digest('hex').slice(0, 16));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { mode: 0o755 });
    const copy = join(dir, basename(path));
    execFileSync('cp', ['-a', '--', path, copy]);
    execFileSync('chmod', ['-R', 'o+rX', '--', copy]);
    this.staged.set(path, copy);
    return copy;
  }

  async passFile(puzzle, pass) {
    if (!this.passFileFn) this.passFileFn = (await import('./pass-file.mjs')).passFile;
    return this.passFileFn(puzzle, pass);
  }

  /**
   * The native passes a build of `slot` (null: of any slot) compiles here: those the native kit
   * compiles for it that the native CLI of the same objects says this CPU runs (readCliPasses).
   * Read once per CLI binary, whatever it answered: asked again only when the binary changes or
   * appears (npm start builds the CLI after the server has started). {passes, unknown (the kit
   * compiles them, the CLI does not know them), why (no native pass at all: in words, or null)}.
   */
  nativePasses(native, slot = null) {
    const offered = native ? [...new Set(slot ? (native.slots?.[slot.puzzle] ?? []).filter((p) => slot.passes.includes(p)) : Object.values(native.slots ?? {}).flat())] : [];
    if (!offered.length) return { passes: [], unknown: [], why: null };
    if (this.hasPass) return { passes: offered.filter((p) => this.hasPass(p)), unknown: [], why: null };
    const cli = typeof native.cli === 'string' ? native.cli : null;
    let stamp = null;
    try {
      const st = cli ? statSync(cli) : null;
      stamp = st ? `${cli}:${st.size}:${st.mtimeMs}` : null;
    } catch {
      // not built: looked for again next time
    }
    if (!stamp || this.cliAnswer?.stamp !== stamp) this.cliAnswer = { stamp, ...readCliPasses(cli) };
    const { passes, why } = this.cliAnswer;
    if (why) return { passes: [], unknown: [], why: `no native pass is compiled: ${why}` };
    const known = new Map(passes.map((p) => [p.name, p.runs]));
    return { passes: offered.filter((p) => known.get(p) === true), unknown: offered.filter((p) => !known.has(p)), why: null };
  }

  /** Why a measurement now would share the CPU with a build (a sentence), or null. */
  compiling() {
    if (!this.running) return null;
    return `a playground build is compiling (${this.queue.length ? `and ${this.queue.length} more wait` : 'one at a time'}): a native run now would share the CPU with the compiler; run when it is done, or Stop it`;
  }

  /** GET /api/playground: whether builds are possible here, the slots, and the passes. */
  info() {
    const probe = this.probe();
    const toolchains = readToolchains(this.repo, this.toolchainFiles);
    const slots = readSlots(this.repo);
    const native = this.nativePasses(toolchains.get('native'));
    let why = probe.available ? undefined : probe.why;
    if (!why && !toolchains.size) why = 'the playground’s link kits are not built yet (npm start builds them with the native CLI and the wasm modules; wait for it, then reload)';
    return [200, {
      available: !why,
      ...(why ? { why } : {}),
      // Each slot with what a build of it makes here (the native passes this CPU runs, the wasm
      // flavours), which the page says before anyone presses Compile.
      slots: [...slots.values()].map((slot) => {
        const { id, puzzle, title, signature, rules, starter } = slot;
        const planned = this.plannedBuilds(slot, toolchains, this.nativePasses(toolchains.get('native'), slot));
        return { id, puzzle, title, signature, rules, starter, builds: { native: planned.native, wasm: planned.wasm.map((w) => w.flavour) } };
      }),
      // The wasm flavours a build can make: those with a kit, and those made from one of them.
      passes: {
        native: native.passes,
        ...(native.why ? { native_why: native.why } : {}),
        wasm: [...OUTPUT_FLAVOURS].filter((f) => toolchains.has(WASM_FLAVOURS[f] ?? WASM_FLAVOURS[DERIVED_FLAVOURS[f]?.from])),
      },
      limits: { source_bytes: MAX_SOURCE_BYTES, queue: this.maxQueue },
    }];
  }

  /** POST /api/playground/builds: [status, body]. */
  async submit(body) {
    if (this.closed) return [503, { error: 'the server is closing' }];
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return [400, { error: 'the request must be a JSON object {slot, source}' }];
    for (const key of Object.keys(body)) if (key !== 'slot' && key !== 'source') return [400, { error: `unknown field '${String(key).slice(0, 40)}' (a build request has slot and source)`, field: key.slice(0, 40) }];
    const slots = readSlots(this.repo);
    if (typeof body.slot !== 'string' || !slots.has(body.slot)) return [404, { error: `unknown slot (known: ${[...slots.keys()].join(', ') || 'none'})`, field: 'slot' }];
    if (typeof body.source !== 'string') return [400, { error: 'source must be the kernel’s text', field: 'source' }];
    if (Buffer.byteLength(body.source, 'utf8') > MAX_SOURCE_BYTES) return [413, { error: `the source is larger than ${MAX_SOURCE_BYTES / 1024} kB`, field: 'source' }];
    if (body.source.includes('\u0000')) return [400, { error: 'the source contains a NUL character', field: 'source' }];
    if (body.source.includes('\ufffd')) return [400, { error: 'the source is not valid UTF-8 text', field: 'source' }];
    const probe = this.probe();
    if (!probe.available) return [503, { error: `nothing can be compiled here: ${probe.why}` }];
    const toolchains = readToolchains(this.repo, this.toolchainFiles);
    if (!toolchains.size) return [503, { error: 'the playground’s link kits are not built yet (npm start builds them with the native CLI and the wasm modules; wait for it and try again)' }];
    const slot = slots.get(body.slot);
    const native = this.nativePasses(toolchains.get('native'), slot);
    const id = await this.buildId(slot, body.source, toolchains, native);

    const known = this.builds.get(id);
    if (known && known.state !== 'stopped') return [200, { id, state: known.state }];
    const cached = this.readCached(id);
    if (cached) return [200, { id, state: cached.state }];
    if (this.running && this.queue.length >= this.maxQueue) {
      return [409, { error: `${this.maxQueue} builds are waiting already: wait for them, or Stop one`, running: this.running.id }];
    }
    const build = this.newBuild(id, slot, body.source, toolchains, native);
    this.builds.set(id, build);
    this.queue.push(build);
    this.pump();
    return [200, { id, state: build.state }];
  }

  async buildId(slot, source, toolchains, native) {
    const kits = [...toolchains.values()].map((t) => `${t.key}\n${t.text}\n${t.stamp}`).join('\n');
    const template = await this.passFile(slot.puzzle, 'popcnt');
    // The rewrite that makes the relaxed flavour is part of what a build makes.
    const relax = readText(join(this.repo, RELAX_SCRIPT)) ?? '';
    // So are the native passes: a build made while the CLI was not built yet has none.
    const passes = `${native.passes.join(',')}|${native.unknown.join(',')}|${native.why ?? ''}`;
    return sha256(SERVICE_VERSION, slot.id, source, slot.glue, kits, template, relax, String(this.listings), passes);
  }

  /**
   * What a build of `slot` makes here: `native`, the ISA passes compiled natively (vector passes
   * first: a scalar pass that fails afterwards is skipped if one of them compiled); `wasm`, each
   * wasm flavour in build order, with the slot's passes it compiles (simd128 is the `wasm` pass,
   * baseline the scalar ones) or, for a derived flavour (relaxed), the flavour it is made from.
   * newBuild's steps and the page's "builds here" line (info) both read it.
   */
  plannedBuilds(slot, toolchains, native) {
    const nativePasses = [...native.passes].sort((a, b) => Number(SCALAR_PASSES.has(a)) - Number(SCALAR_PASSES.has(b)));
    const wasm = [];
    for (const [flavour, key] of Object.entries(WASM_FLAVOURS)) {
      const passes = (toolchains.get(key)?.slots?.[slot.puzzle] ?? []).filter((p) => slot.passes.includes(p));
      const mine = passes.filter((p) => (flavour === 'simd128' ? !SCALAR_PASSES.has(p) : SCALAR_PASSES.has(p)));
      if (!mine.length) continue;
      wasm.push({ flavour, build: key, passes: mine });
      // Right after the flavour it is made from (it runs as soon as that one has linked).
      for (const [derived, d] of Object.entries(DERIVED_FLAVOURS)) if (d.from === flavour) wasm.push({ flavour: derived, build: d.build, from: flavour });
    }
    return { native: nativePasses, wasm };
  }

  newBuild(id, slot, source, toolchains, native) {
    const steps = [];
    const planned = this.plannedBuilds(slot, toolchains, native);
    // Why no native pass is compiled (the CLI could not say which this CPU runs), and the passes
    // the kit compiles that the CLI does not know, as steps that say so (they run nothing).
    if (native.why) steps.push(step('native', { note: true, state: 'skipped', why: native.why }));
    for (const pass of native.unknown) steps.push(step(`native-${pass}`, { note: true, state: 'skipped', why: 'skipped: the native CLI has no such pass (no puzzle of this build compiles it), so it cannot say whether this CPU runs it' }));
    for (const pass of planned.native) steps.push(step(`native-${pass}`, { build: 'native', pass }));
    if (planned.native.length) steps.push(step('link-native', { build: 'native', link: true }));
    for (const w of planned.wasm)
      steps.push(w.from ? step(w.build, { build: w.build, derived: w.flavour, from: w.from }) : step(w.build, { build: w.build, passes: w.passes, flavour: w.flavour }));
    if (this.listings) {
      if (planned.native.length) steps.push(step('listing-native', { listing: 'native' }));
      for (const s of [...steps]) if (s.flavour || s.derived) steps.push(step(`listing-${s.flavour ?? s.derived}`, { listing: s.flavour ?? s.derived }));
    }
    return {
      id, slot, source, toolchains, steps,
      state: 'queued', created: Date.now(), version: 0, waiters: new Set(),
      controller: new AbortController(),
      native: { available: false, kernels: [] }, wasm: {}, listings: {},
    };
  }

  // Starts the next queued build when none runs.
  pump() {
    if (this.running || this.closed) return;
    const build = this.queue.shift();
    if (!build) return;
    this.running = build;
    this.run(build).catch((e) => {
      console.error('playground build:', e);
      build.state = 'failed';
      build.why = 'the build service failed (the server’s terminal says why)';
    }).finally(() => {
      this.running = null;
      this.changed(build);
      if (build.state === 'done' || build.state === 'failed') this.persist(build);
      this.evict();
      this.pump();
    });
  }

  changed(build) {
    build.version += 1;
    for (const wake of build.waiters) wake();
  }

  async run(build) {
    build.state = 'building';
    this.changed(build);
    const identity = sandboxIdentity();
    const dir = makeJobDir(join(this.root, build.id), identity);
    build.dir = dir;
    const write = (name, text) => {
      const file = join(dir, name);
      writeFileSync(file, text, { mode: 0o644 });
      giveToSandbox(file, identity);
    };
    const mkdir = (name) => {
      mkdirSync(join(dir, name), { recursive: true, mode: 0o755 });
      giveToSandbox(join(dir, name), identity);
    };
    write(USER_SOURCE_FILE, build.source);
    mkdir('obj');
    const objects = { native: [], 'wasm-simd128': [], 'wasm-baseline': [] };
    let vectorCompiled = false;
    // Three phases, each `jobs` steps at a time (2 cores: g++ and em++ are one process each):
    // the native passes; the native link and the wasm flavours (compile + link each); listings.
    const pool = async (steps, one) => {
      const todo = [...steps];
      const worker = async () => {
        for (let s = todo.shift(); s && !build.controller.signal.aborted; s = todo.shift()) {
          await one(s);
          this.changed(build);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, this.jobs) }, worker));
    };
    const passes = build.steps.filter((s) => s.pass);
    const t = build.toolchains.get('native');
    await pool(passes, (s) => this.compilePass(build, s, t, s.pass, write));
    for (const s of passes) {
      if (s.state !== 'ok') continue;
      objects.native.push(`obj/native-${s.pass}.o`);
      if (!SCALAR_PASSES.has(s.pass)) vectorCompiled = true;
      const key = `yours/${passIsa(s.pass)}`;
      if (!build.native.kernels.includes(key)) build.native.kernels.push(key);
    }
    for (const s of passes) if (s.state === 'failed' && SCALAR_PASSES.has(s.pass) && vectorCompiled && compileErrors(s)) needsFamily(s);
    this.changed(build);

    await pool(build.steps.filter((s) => s.link || s.flavour), async (s) => {
      if (s.flavour) {
        await this.wasmStep(build, s, write, mkdir);
        // The flavours made from this one's module, by the same worker: the other keeps linking.
        for (const d of build.steps.filter((x) => x.from === s.flavour && x.derived)) {
          if (build.controller.signal.aborted) return;
          this.changed(build);
          await this.relaxStep(build, d, mkdir);
        }
        return;
      }
      if (!objects.native.length) {
        skip(s, 'nothing to link: no pass compiled');
        build.native.kernels = [];
        return;
      }
      mkdir('native');
      const ok = await this.link(build, s, t, objects.native, `native/${t.output}`);
      build.native.available = ok;
      if (!ok) build.native.kernels = [];
    });
    // The baseline has scalar passes only: a source that needs a family has nothing to build there.
    if (build.steps.some((s) => s.flavour === 'simd128' && s.state === 'ok')) vectorCompiled = true;
    for (const s of build.steps) if (s.flavour === 'baseline' && vectorCompiled && compileErrors(s)) needsFamily(s);
    this.changed(build);

    await pool(build.steps.filter((s) => s.listing), (s) => this.listingStep(build, s));
    if (build.controller.signal.aborted) {
      build.state = 'stopped';
      for (const s of build.steps) if (s.state === 'waiting' || s.state === 'running') s.state = 'stopped';
      return;
    }
    // Skipped passes (no family), listings and the relaxed rewrite do not fail a build (what was
    // built runs); a compile or link failure does.
    build.state = build.steps.some((s) => s.state === 'failed' && !s.listing && !s.derived) ? 'failed' : 'done';
  }

  /** Runs `command` in the compile jail for step `s`; returns the jail's result. */
  async jail(build, s, t, command, { link = false } = {}) {
    const binds = [];
    for (const inc of t.includes ?? []) if (!inc.startsWith('/usr/') && existsSync(inc)) binds.push({ host: this.hostFor(inc), inside: inc });
    if (link) binds.push({ host: this.hostFor(t.archive), inside: t.archive });
    const wasm = t.key.startsWith('wasm');
    s.state = 'running';
    s.started ??= Date.now();
    this.changed(build);
    const base = LIMITS.compile;
    // A link (em++'s: wasm-opt over the whole engine) takes longer than a compile.
    const limits = { ...(link ? { cpuSeconds: base.cpuSeconds * 4, wallMs: base.wallMs * 3 } : {}), ...this.limits };
    const r = await runJailed({
      kind: 'compile',
      limits,
      // An address-space limit on every compile (g++'s cc1plus, em++'s python and clang): a
      // source can make a compiler eat memory. Not on em++'s link, whose node and wasm-opt reserve
      // far more than they use; it compiles nothing of the user's.
      limitAs: !(wasm && link),
      job: build.dir,
      cwd: '/job',
      binds,
      env: { PATH: '/usr/bin', HOME: '/tmp', TMPDIR: '/tmp', LC_ALL: 'C', ...(wasm ? { NODE_PATH: '/usr/share/nodejs', EM_CACHE: '/usr/share/emscripten/cache' } : {}) },
      command,
    }, { signal: build.controller.signal, what: link ? 'the linker' : 'the compiler' });
    s.seconds = Math.round(r.seconds * 100) / 100;
    return r;
  }

  roots(t) {
    return (t.includes ?? []).filter((i) => i.startsWith('/') && !i.startsWith('/usr/')).map((i) => ({ prefix: `${i.replace(/\/$/, '')}/`, name: `${i.replace(/\/$/, '').split('/').at(-1)}/` }));
  }

  finishStep(s, r, t, diagnostics) {
    const roots = this.roots(t);
    s.log = cleanText(`${r.stderr}${r.stdout ? `\n${r.stdout}` : ''}`, roots).slice(-LOG_CAP);
    s.diagnostics = diagnostics;
    if (r.stopped) {
      s.state = 'stopped';
      return false;
    }
    if (r.code === 0) {
      s.state = 'ok';
      return true;
    }
    s.state = 'failed';
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    s.why = r.code === 1 && !r.signal && errors ? `${errors} error${errors === 1 ? '' : 's'}` : (r.why ?? 'failed');
    if (!diagnostics.some((d) => d.severity === 'error')) s.diagnostics = [...diagnostics, { line: 0, column: 0, severity: 'error', message: s.why }];
    return false;
  }

  async compilePass(build, s, t, pass, write, prefix = 'native') {
    const file = `pass-${prefix}-${pass}.cpp`;
    write(file, await this.passFile(build.slot.puzzle, pass));
    const r = await this.jail(build, s, t, compileCommand(t, file, `obj/${prefix}-${pass}.o`));
    return this.finishStep(s, r, t, parseDiagnostics(r.stderr, { roots: this.roots(t) }));
  }

  async link(build, s, t, objects, output) {
    const r = await this.jail(build, s, t, linkCommand(t, objects, output), { link: true });
    return this.finishStep(s, r, t, parseLinkErrors(r.stderr, { roots: this.roots(t) }));
  }

  // One wasm flavour: its passes compiled, then the module linked, as one step.
  async wasmStep(build, s, write, mkdir) {
    const t = build.toolchains.get(s.build);
    if (build.steps.some((x) => x.pass) && !build.steps.some((x) => x.pass && x.state === 'ok')) return skip(s, 'skipped: the native passes did not compile (fix those errors first)');
    const objects = [];
    const diagnostics = [];
    let seconds = 0;
    let last = null;
    for (const pass of s.passes) {
      let ok = await this.compilePass(build, s, t, pass, write, s.flavour);
      seconds += s.seconds ?? 0;
      diagnostics.push(...s.diagnostics);
      if (ok) {
        const refused = await this.jsReach(build, s, t, `obj/${s.flavour}-${pass}.o`);
        seconds += s.seconds ?? 0;
        if (refused) {
          ok = false;
          s.state = 'failed';
          s.why = refused;
          diagnostics.push({ line: 0, column: 0, severity: 'error', message: refused });
        }
      }
      last = s.state;
      if (ok) objects.push(`obj/${s.flavour}-${pass}.o`);
      if (s.state === 'stopped') return;
    }
    s.diagnostics = diagnostics;
    if (!objects.length) {
      s.seconds = seconds;
      s.state = last === 'stopped' ? 'stopped' : 'failed';
      return;
    }
    const dir = `wasm/${s.flavour}`;
    mkdir(dir);
    const ok = await this.link(build, s, t, objects, `${dir}/${t.output}`);
    s.seconds = Math.round((seconds + (s.seconds ?? 0)) * 100) / 100;
    s.diagnostics = [...diagnostics, ...s.diagnostics];
    if (ok) build.wasm[s.flavour] = `/api/playground/builds/${build.id}/wasm/${s.flavour}/${t.output}`;
  }

  // A flavour made from another's linked module (relaxed: DERIVED_FLAVOURS), the way ours is made
  // (wasm-build/CMakeLists.txt): the glue and symbol map copied, the module rewritten by
  // scripts/relax-wasm.mjs (wabt: every i8x16.swizzle made i8x16.relaxed_swizzle, the build stamp
  // renamed `wasm-relaxed`, then validated and checked). The module is the user's code, so wabt
  // reads it in the compile jail as the listing does: the script read-only over a
  // repository-shaped view, the source flavour's folder read-only, and nothing writable but the
  // new flavour's own folder (at /job) and the capped /tmp. A kernel without a swizzle gives a
  // module that differs from SIMD128 by its stamp only: still a module of its own. A failure
  // fails this step only (the flavour it came from is served as it was).
  async relaxStep(build, s, mkdir) {
    const t = build.toolchains.get(WASM_FLAVOURS[s.from]);
    if (!build.wasm[s.from] || !t) return skip(s, `skipped: nothing to rewrite (the ${s.from === 'simd128' ? 'SIMD128' : s.from} module was not built)`);
    const dir = `wasm/${s.derived}`;
    mkdir(dir);
    const view = '/sp/repo';
    const from = `/sp/from/${s.from}`;
    const mjs = t.output;
    const wasm = mjs.replace(/\.mjs$/, '.wasm');
    s.state = 'running';
    s.started = Date.now();
    this.changed(build);
    const r = await runJailed({
      kind: 'compile',
      // wasm2wat's text of the whole engine is ~10x the module: well inside the /tmp tmpfs.
      limits: { cpuSeconds: 60, wallMs: 120_000, ...this.limits },
      limitAs: true,
      job: join(build.dir, dir),
      cwd: '/job',
      binds: [
        { host: this.hostFor(join(this.repo, RELAX_SCRIPT)), inside: `${view}/${RELAX_SCRIPT}` },
        { host: join(build.dir, 'wasm', s.from), inside: from },
      ],
      env: { PATH: '/usr/bin', HOME: '/tmp', TMPDIR: '/tmp', LC_ALL: 'C' },
      command: ['/usr/bin/bash', '-c', 'cp -- "$1/$2" . && { [ ! -e "$1/$2.symbols" ] || cp -- "$1/$2.symbols" .; } && node "$0" "$1/$3" "$3"', `${view}/${RELAX_SCRIPT}`, from, mjs, wasm],
    }, { signal: build.controller.signal, what: 'the relaxed rewrite' });
    s.seconds = Math.round(r.seconds * 100) / 100;
    s.diagnostics = [];
    s.log = cleanText(`${r.stderr}${r.stdout ? `\n${r.stdout}` : ''}`).slice(-LOG_CAP);
    if (r.stopped) return void (s.state = 'stopped');
    if (r.code !== 0) {
      s.state = 'failed';
      // relax-wasm says `relax-wasm: <file>: <why>`; the jail's path says nothing to the page.
      const said = /relax-wasm: [^:\n]*: ([^\n]+)/.exec(r.stderr)?.[1]?.trim();
      s.why = `the relaxed rewrite of the SIMD128 module failed: ${(said ?? r.why ?? 'failed').slice(0, 400)} (the SIMD128 and baseline builds are unaffected)`;
      return;
    }
    s.state = 'ok';
    build.wasm[s.derived] = `/api/playground/builds/${build.id}/${dir}/${mjs}`;
  }

  // Whether a wasm object reaches JavaScript: Embind's emval functions (the stock module imports
  // them: with a JS string and its `constructor` property, code could make and call a Function in
  // the page's worker), EM_ASM/EM_JS, or Emscripten's API. Its undefined symbols (llvm-nm, in the
  // compile jail: the object is the user's) must name none of them. Returns why it is refused, or
  // null. Not complete: our engine's own functions that use Embind stay callable (docs/playground.md).
  async jsReach(build, s, t, object) {
    const nm = ['/usr/bin/llvm-nm', '/usr/bin/llvm-nm-14', '/usr/lib/llvm-14/bin/llvm-nm'].find((f) => existsSync(f));
    if (!nm) return 'cannot check the wasm object (llvm-nm, of Debian\'s llvm-14, is missing), so it is not linked';
    const r = await runJailed({ kind: 'compile', limits: this.limits, limitAs: true, job: build.dir, cwd: '/job', env: { PATH: '/usr/bin', LC_ALL: 'C' }, command: [nm, '-u', object] }, { signal: build.controller.signal, what: 'llvm-nm' });
    s.seconds = Math.round(r.seconds * 100) / 100;
    if (r.stopped) return null;
    if (r.code !== 0) return `cannot check the wasm object (${r.why}), so it is not linked`;
    const names = r.stdout.split('\n').map((l) => l.trim().replace(/^U\s+/, '')).filter(Boolean);
    const reach = names.filter((n) => JS_REACH.test(n));
    if (!reach.length) return null;
    return `your code calls into JavaScript (${reach.slice(0, 3).join(', ')}${reach.length > 3 ? ', ...' : ''}): a kernel in the wasm build may use only C++ and our headers`;
  }

  // Instruction listings of kernel `yours`, made by scripts/build-listings.mjs itself, run in the
  // compile jail over a repository-shaped view: the script and the build's binary or module
  // read-only where the script looks for them, no writable folder but the jail's capped /tmp. The
  // native listing runs the binary (its `entry-points` command: static initialisers are user
  // code), so the listing comes back on stdout and the server writes the file: a writable folder
  // on disk would let that code fill the disk, 64 MiB a file.
  async listingStep(build, s) {
    const flavour = s.listing;
    const source = flavour === 'native' ? join(build.dir, 'native') : join(build.dir, 'wasm', flavour);
    const made = flavour === 'native' ? build.native.available : Boolean(build.wasm[flavour]);
    if (!made) return skip(s, 'skipped: nothing was built to list');
    const script = join(this.repo, 'scripts');
    const name = flavour === 'native' ? (process.arch === 'arm64' ? 'aarch64' : 'x86-64') : flavour;
    const view = '/sp/repo';
    const binds = [
      { host: this.hostFor(join(script, 'build-listings.mjs')), inside: `${view}/scripts/build-listings.mjs` },
      { host: this.hostFor(join(script, 'lib')), inside: `${view}/scripts/lib` },
      flavour === 'native' ? { host: source, inside: `${view}/build/native` } : { host: source, inside: `${view}/${WASM_OUT_DIRS[flavour]}` },
    ];
    s.state = 'running';
    s.started = Date.now();
    this.changed(build);
    const r = await runJailed({
      kind: 'compile',
      limits: { cpuSeconds: 60, wallMs: 120_000, output: MAX_LISTING_BYTES, killBytes: MAX_LISTING_BYTES + 1024 * 1024, ...this.limits },
      // The native binary is user code: the address-space limit of the run jail. A wasm module
      // runs in Node's wasm sandbox, which reserves more than any RLIMIT_AS that would stop a 4 GB
      // allocation, and has its own 2 GB memory cap.
      limitAs: flavour === 'native',
      cwd: view,
      binds,
      env: { PATH: '/usr/bin', HOME: '/tmp', TMPDIR: '/tmp', LC_ALL: 'C' },
      command: ['/usr/bin/bash', '-c', 'node "$0" "$1" --force --out /tmp/listing >&2 && cat "/tmp/listing/$1.json"', `${view}/scripts/build-listings.mjs`, name],
    }, { signal: build.controller.signal, what: 'the listing' });
    s.seconds = Math.round(r.seconds * 100) / 100;
    s.diagnostics = [];
    s.log = cleanText(r.stderr).slice(-LOG_CAP);
    if (r.stopped) return void (s.state = 'stopped');
    let listing = null;
    try {
      listing = r.code === 0 && !r.truncated ? JSON.parse(r.stdout) : null;
    } catch {
      // not JSON: failed below
    }
    if (!listing || typeof listing !== 'object' || typeof listing.kernels !== 'object') {
      s.state = 'failed';
      s.why = r.code === 0 ? 'the listing script gave no listing' : (r.why ?? 'the listing script failed');
      return;
    }
    mkdirSync(join(build.dir, 'listings'), { recursive: true, mode: 0o755 }); // the server's: no jail mounts it
    const file = `${name}.json`;
    writeFileSync(join(build.dir, 'listings', file), r.stdout, { mode: 0o644 });
    s.state = 'ok';
    build.listings[flavour === 'native' ? name : flavour] = `/api/playground/builds/${build.id}/listings/${file}`;
  }

  /** A build as GET answers it (no server path, no source). */
  view(build) {
    const position = this.queue.indexOf(build);
    return {
      id: build.id,
      slot: build.slot.id ?? build.slot,
      state: build.state,
      ...(position >= 0 ? { queued_behind: position + (this.running ? 1 : 0) } : {}),
      ...(build.why ? { why: build.why } : {}),
      // A running step's seconds so far (a wasm step's em++ link alone takes half a minute).
      steps: build.steps.map(({ target, state, seconds, started, diagnostics, log, why }) => ({
        target, state, seconds: state === 'running' && started ? Math.round((Date.now() - started) / 100) / 10 : seconds, diagnostics, log, ...(why ? { why } : {}),
      })),
      native: build.native,
      wasm: build.wasm,
      listings: build.listings,
    };
  }

  /** The build `id` (in memory, or a finished one from disk), or null. */
  find(id) {
    if (!BUILD_ID.test(id)) return null;
    return this.builds.get(id) ?? this.readCached(id);
  }

  /** GET /api/playground/builds/<id>[?wait=ms]: answers when the build changes or after `waitMs`. */
  async status(id, waitMs = 0) {
    const build = this.find(id);
    if (!build) return [404, { error: 'no such build here (builds are kept while the server’s temporary folder keeps them): compile again' }];
    if (waitMs > 0 && (build.state === 'queued' || build.state === 'building')) {
      const version = build.version;
      await new Promise((resolve) => {
        const timer = setTimeout(done, Math.min(waitMs, 25_000));
        function done() {
          clearTimeout(timer);
          build.waiters.delete(done);
          resolve();
        }
        build.waiters.add(() => build.version !== version && done());
      });
    }
    return [200, this.view(build)];
  }

  /** DELETE /api/playground/builds/<id>: stops a queued or running build and its engine. */
  stop(id) {
    const build = BUILD_ID.test(id) ? this.builds.get(id) : null;
    if (!build) return [404, { error: 'no such build here' }];
    this.onStop(id);
    if (build.state === 'queued') {
      this.queue.splice(this.queue.indexOf(build), 1);
      build.state = 'stopped';
      for (const s of build.steps) if (!s.note) s.state = 'stopped';
      this.changed(build);
      return [200, this.view(build)];
    }
    if (build.state === 'building') {
      build.controller.abort();
      return [202, { id, state: 'stopping' }];
    }
    return [200, this.view(build)];
  }

  /** The native binary of a finished build (for the sandboxed engine), or null. A build whose
   * wasm side failed still runs natively if its native side linked. */
  nativeBinary(id) {
    const build = this.find(id);
    if (!build || (build.state !== 'done' && build.state !== 'failed') || !build.native.available) return null;
    const t = build.toolchains?.get?.('native');
    const file = join(this.root, id, 'native', t?.output ?? 'simd-puzzles');
    const st = existsSync(file) ? lstatSync(file) : null;
    return st?.isFile() ? file : null;
  }

  /** A file of a finished build to send (wasm/<flavour>/<name> or listings/<name>): {fd, size} or null. */
  openOutput(id, kind, flavour, name) {
    const build = this.find(id);
    if (!build || (build.state !== 'done' && build.state !== 'failed')) return null;
    if (kind === 'wasm') {
      if (!OUTPUT_FLAVOURS.has(flavour) || !build.wasm[flavour] || !/^simd-puzzles\.(mjs|wasm)$/.test(name)) return null;
      return openBuildFile(join(this.root, id, 'wasm', flavour, name));
    }
    if (kind === 'listings' && /^[a-z0-9-]+\.json$/.test(name) && Object.values(build.listings).some((u) => u.endsWith(`/${name}`))) {
      return openBuildFile(join(this.root, id, 'listings', name));
    }
    return null;
  }

  persist(build) {
    try {
      const { id, slot, state, steps, native, wasm, listings, why } = build;
      writeFileSync(join(this.root, id, 'state.json'), JSON.stringify({ version: SERVICE_VERSION, id, slot: slot.id, state, steps, native, wasm, listings, why, output: build.toolchains.get('native')?.output }));
    } catch {
      // the folder went away: not cached
    }
  }

  readCached(id) {
    if (!BUILD_ID.test(id)) return null;
    const file = join(this.root, id, 'state.json');
    const st = existsSync(file) ? lstatSync(file) : null;
    if (!st?.isFile() || st.uid !== process.getuid()) return null;
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8'));
      if (saved.version !== SERVICE_VERSION || saved.id !== id || (saved.state !== 'done' && saved.state !== 'failed')) return null;
      const build = {
        ...saved, slot: { id: saved.slot }, source: null, version: 0, waiters: new Set(), controller: new AbortController(),
        toolchains: new Map([['native', { output: saved.output ?? 'simd-puzzles' }]]), dir: join(this.root, id), cached: true,
      };
      this.builds.set(id, build);
      return build;
    } catch {
      return null;
    }
  }

  // Keeps the newest `keep` build folders (never the one building or queued).
  evict() {
    let names = [];
    try {
      names = readdirSync(this.root).filter((n) => BUILD_ID.test(n));
    } catch {
      return;
    }
    if (names.length <= this.keep) return;
    const busy = new Set([this.running?.id, ...this.queue.map((b) => b.id)]);
    const dated = names.filter((n) => !busy.has(n)).map((n) => {
      try {
        return { n, t: statSync(join(this.root, n)).mtimeMs };
      } catch {
        return { n, t: 0 };
      }
    }).sort((a, b) => a.t - b.t);
    for (const { n } of dated.slice(0, names.length - this.keep)) {
      rmSync(join(this.root, n), { recursive: true, force: true });
      const b = this.builds.get(n);
      if (b && b.state !== 'queued' && b.state !== 'building') this.builds.delete(n);
      this.onStop(n);
    }
  }

  /** The server closes: the build running is stopped, the queue dropped. */
  close() {
    this.closed = true;
    for (const b of this.queue.splice(0)) b.state = 'stopped';
    this.running?.controller.abort();
  }
}

function step(target, extra) {
  return { target, state: 'waiting', seconds: 0, diagnostics: [], log: '', ...extra };
}
function skip(s, why) {
  s.state = 'skipped';
  s.why = why;
}
/** Whether a failed step failed on the compiler's errors (not on a crash, a limit or a tool). */
function compileErrors(s) {
  return s.state === 'failed' && s.diagnostics.some((d) => d.severity === 'error' && d.line > 0);
}
function needsFamily(s) {
  s.state = 'skipped';
  s.why = 'skipped: needs a vector family (this source does not compile without one; code for the scalar builds goes under #if !SP_PASS_HAS_FAMILY)';
  // Its errors stay as notes: they explain the skip, they are not the build's errors.
  s.diagnostics = s.diagnostics.map((d) => (d.severity === 'error' ? { ...d, severity: 'note' } : d));
}
