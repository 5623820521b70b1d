// The Instructions panel under the results: one kernel's listing natively and in wasm, side by
// side, with counts by instruction class and the instructions of the classes the kernels are about
// highlighted (byte shuffles, population counts, pext, compress, movemask…: listings.ts,
// INSTRUCTION_CLASSES). It opens on the SIMD kernel selected to run, wasm SIMD128 beside the
// native ISA of the same width; each side shows the kernel's hot functions first (short names,
// lines that wrap in their box) with the rest folded, and the whole listing on request. Closed
// until asked for: a build's listing is a few MB.
import { vectorBits } from '../compare';
import { h, replaceChildren } from '../dom';
import {
  aarch64StatusWords, classCounts, closestNative, hotFunctions, instructionClass, isasOf, kernelListing, loadListing, loadListingAt, loadListingStatus, NATIVE_LISTING_BUILDS, openingKernel, withKernelsOf,
  readableOperands, shortName, WASM_LISTING_BUILDS, type KernelListing, type Listing, type ListingBuild,
} from '../listings';
import { puzzleOf, puzzleStateOf } from '../state/selectors';
import type { PageState } from '../state/store';
import type { Elements } from './layout';
import { YOURS } from '../playground/kernel-id';

const BUILD_NAMES: Record<ListingBuild, string> = {
  'x86-64': 'x86-64 (GCC)',
  aarch64: 'AArch64 (GCC)',
  simd128: 'wasm SIMD128 (Emscripten)',
  relaxed: 'wasm relaxed SIMD (Emscripten + wabt post-link)',
  baseline: 'wasm baseline (Emscripten)',
};

/** A choice of side: a build and one of the kernel's ISAs in it. */
interface Side {
  build: ListingBuild;
  isa: string;
}
const sideValue = (s: Side) => `${s.build}|${s.isa}`;

export function listingView(el: Elements) {
  let puzzleId = '';
  let catalogKernels: readonly string[] = [];
  let selected: ReadonlySet<string> | null = null;
  // The kernel shown per puzzle, once chosen (by the person, or on opening: openingKernel), and
  // the sides the person picked for it (reset when the kernel changes).
  const chosenKernel = new Map<string, string>();
  const chosenSide = { kernel: '', native: '', wasm: '' };
  const stockListings = new Map<ListingBuild, Listing | null>();
  // A playground build in use on the puzzle (app/playground/): its listings' `yours`, by build,
  // shown with ours (`listings` reads both).
  let playground: { id: string; urls: Readonly<Record<string, string>> } | null = null;
  const yoursListings = new Map<string, Map<ListingBuild, Listing>>();
  const listings = {
    get: (b: ListingBuild): Listing | null | undefined => {
      const stock = stockListings.get(b);
      const extra = playground ? yoursListings.get(playground.id)?.get(b) : undefined;
      return extra ? withKernelsOf(stock ?? null, extra, YOURS) : stock;
    },
    set: (b: ListingBuild, l: Listing | null) => stockListings.set(b, l),
    values: () => [...NATIVE_LISTING_BUILDS, ...WASM_LISTING_BUILDS].map((b) => listings.get(b) ?? null),
  };
  const loadYours = async () => {
    if (!playground || yoursListings.has(playground.id)) return;
    const { id, urls } = playground;
    const got = new Map<ListingBuild, Listing>();
    yoursListings.set(id, got);
    await Promise.all(Object.entries(urls).map(async ([name, url]) => {
      const listing = await loadListingAt(url);
      if (!listing) return;
      const build = (WASM_LISTING_BUILDS as readonly string[]).includes(name) ? name as ListingBuild : (NATIVE_LISTING_BUILDS as readonly string[]).includes(listing.build) ? listing.build as ListingBuild : 'x86-64';
      got.set(build, listing);
    }));
  };

  const kernelSelect = h('select', { id: 'listing-kernel' });
  const nativeSelect = h('select', { id: 'listing-native' });
  const wasmSelect = h('select', { id: 'listing-wasm' });
  const sides = h('div', { className: 'listing-sides' });
  const note = h('p', { className: 'hint' });
  const details = h('details', { className: 'listing-panel', id: 'instructions' },
    h('summary', {}, h('h2', {}, 'Instructions')),
    h('p', { className: 'hint' }, 'What each kernel compiles to: its hot functions as the compilers emitted them, disassembled from the built programs (',
      h('code', {}, 'objdump'), ', ', h('code', {}, 'wasm-objdump'), '), with what it calls of our own code folded below them.'),
    h('div', { className: 'listing-controls' },
      h('label', { attrs: { for: 'listing-kernel' } }, 'Kernel ', kernelSelect),
      h('label', { attrs: { for: 'listing-native' } }, 'Native ', nativeSelect),
      h('label', { attrs: { for: 'listing-wasm' } }, 'wasm ', wasmSelect)),
    note,
    sides);
  el.listing.replaceChildren(details);

  const allBuilds = [...NATIVE_LISTING_BUILDS, ...WASM_LISTING_BUILDS] as const;
  let loading: Promise<void> | null = null;
  // Where the AArch64 listing is missing, what its background build (npm start) says.
  let aarch64Status: string | null = null;
  const loadAll = () => (loading ??= Promise.all(allBuilds.map(async (b) => {
    listings.set(b, await loadListing(b));
  })).then(async () => {
    aarch64Status = listings.get('aarch64') ? null : aarch64StatusWords(await loadListingStatus());
    // Missing builds may arrive later (the native build runs after the page is served): the
    // next opening asks again.
    if (allBuilds.some((b) => !listings.get(b))) loading = null;
  }));

  // The sides a kernel has, in the builds of one family.
  const sidesOf = (builds: readonly ListingBuild[], kernel: string): Side[] =>
    builds.flatMap((build) => {
      const listing = listings.get(build);
      return listing ? isasOf(listing, puzzleId, kernel).map((isa) => ({ build, isa })) : [];
    });

  const fillSelect = (select: HTMLSelectElement, options: Side[], value: string) => {
    replaceChildren(select, ...(options.length
      ? options.map((s) => h('option', { attrs: { value: sideValue(s) } }, `${s.isa} (${s.build})`))
      : [h('option', { attrs: { value: '' } }, 'none built')]));
    select.value = value;
    select.disabled = !options.length;
  };

  // The kernels with a listing in some build (a peer, another program, has none), in the
  // catalog's order; all of them until a listing has loaded.
  const loaded = () => [...listings.values()].filter((l): l is Listing => l !== null);
  const listedKernels = () => {
    const listed = catalogKernels.filter((id) => loaded().some((l) => isasOf(l, puzzleId, id).length > 0));
    return loaded().length ? listed : catalogKernels;
  };

  const render = () => {
    if (!details.open) return;
    const kernels = listedKernels();
    // Opening: the SIMD kernel selected to run (never the scalar reference while one exists).
    if (!kernels.includes(chosenKernel.get(puzzleId) ?? '') && loaded().length) {
      const isas = kernels.map((id) => ({ id, isas: loaded().flatMap((l) => isasOf(l, puzzleId, id)) }));
      chosenKernel.set(puzzleId, openingKernel(isas, selected, vectorBits));
    }
    replaceChildren(kernelSelect, ...kernels.map((id) => h('option', { attrs: { value: id } }, id)));
    const kernel = chosenKernel.get(puzzleId) ?? kernels[0] ?? '';
    kernelSelect.value = kernel;
    const native = sidesOf(NATIVE_LISTING_BUILDS, kernel);
    const wasm = sidesOf(WASM_LISTING_BUILDS, kernel);
    if (chosenSide.kernel !== `${puzzleId}/${kernel}`) Object.assign(chosenSide, { kernel: `${puzzleId}/${kernel}`, native: '', wasm: '' });
    // wasm SIMD128 where the kernel has it; beside it the native ISA closest to it (SSE4.1 or NEON
    // beside SIMD128: the same width).
    const wasmSide = wasm.find((s) => sideValue(s) === chosenSide.wasm) ?? wasm.find((s) => s.build === 'simd128' && s.isa === 'simd128') ?? wasm[0];
    const nativeIsa = closestNative(native.map((s) => s.isa), wasmSide?.isa ?? null, vectorBits);
    const nativeSide = native.find((s) => sideValue(s) === chosenSide.native) ?? native.find((s) => s.isa === nativeIsa);
    fillSelect(nativeSelect, native, nativeSide ? sideValue(nativeSide) : '');
    fillSelect(wasmSelect, wasm, wasmSide ? sideValue(wasmSide) : '');
    const missing = allBuilds.filter((b) => !listings.get(b));
    note.textContent = missing.length
      ? `No listing here yet for ${missing.map((b) => BUILD_NAMES[b]).join(', ')}: scripts/build-listings.mjs makes each from its build (npm start makes the x86-64 one once the native CLI is built, then AArch64's in the background; npm test makes all).${aarch64Status ? ` ${aarch64Status}` : ''}`
      : '';
    const shown = ([[nativeSide, 'native'], [wasmSide, 'wasm']] as const).map(([side, family]) => {
      const listing = side ? listings.get(side.build) : null;
      return { family, k: side && listing ? kernelListing(listing, side.build, puzzleId, kernel, side.isa) : null };
    });
    replaceChildren(sides,
      ...shown.map(({ family, k }) => (k ? listingSide(k, kernel, puzzleId) : h('section', { className: 'listing-side', attrs: { 'aria-label': `${family} listing` } },
        h('h3', {}, family), h('p', { className: 'empty' }, `${kernel} has no ${family} listing here.`)))),
      classLegend(shown.flatMap(({ k }) => (k ? [k] : []))));
  };

  const open = async () => {
    if (!details.open) return;
    note.textContent = 'Loading the listings…';
    await Promise.all([loadAll(), loadYours()]);
    render();
  };

  details.addEventListener('toggle', () => void open());
  kernelSelect.addEventListener('change', () => {
    chosenKernel.set(puzzleId, kernelSelect.value);
    render();
  });
  nativeSelect.addEventListener('change', () => {
    chosenSide.native = nativeSelect.value;
    render();
  });
  wasmSelect.addEventListener('change', () => {
    chosenSide.wasm = wasmSelect.value;
    render();
  });

  const subscriber = (s: PageState) => {
    if (!s.puzzleId) return;
    // The kernels selected to run, for the kernel the panel opens on.
    selected = puzzleStateOf(s).kernels;
    const active = s.playground.get(s.puzzleId);
    const now = active?.inUse && Object.keys(active.listings).length ? { id: active.id, urls: active.listings } : null;
    const changed = now?.id !== playground?.id;
    if (changed) playground = now;
    if (s.puzzleId === puzzleId && !changed) return;
    puzzleId = s.puzzleId;
    // The puzzle's order, then any kernel it does not name (a user's, app/playground/).
    const puzzle = puzzleOf(s);
    catalogKernels = [...new Set([...puzzle.kernel_order, ...puzzle.kernels.map((k) => k.id)])];
    if (changed) return void open();
    replaceChildren(kernelSelect); // refilled for this puzzle by render
    render();
  };

  return subscriber;
}

/** What the highlights mean: each class found in the listings shown, how many on each side and of
 * which instructions ("byte shuffle, table lookup: 42 vpshufb in avx2; 12 i8x16.swizzle in simd128"). */
function classLegend(shown: readonly KernelListing[]): HTMLElement {
  const per = shown.map((k) => ({ k, classes: classCounts(k.functions) }));
  const ids = [...new Set(per.flatMap((p) => p.classes.map((c) => c.id)))];
  if (!ids.length) {
    return h('p', { className: 'hint listing-legend', attrs: { 'data-legend': 'none' } },
      'No instruction of the highlighted classes (byte shuffles and table lookups, population counts, pext, compress, movemask, lane tests, ternary logic, bit scans) in these listings.');
  }
  return h('div', { className: 'hint listing-legend', attrs: { 'data-legend': 'classes' } },
    h('p', {}, 'Highlighted by instruction class, wherever it occurs:'),
    h('ul', {}, ...ids.map((id) => {
      const label = per.flatMap((p) => p.classes).find((c) => c.id === id)!.label;
      const sides = per.map(({ k, classes }) => {
        const c = classes.find((x) => x.id === id);
        return `${c ? c.mnemonics.map(([m, n]) => `${n} ${m}`).join(', ') : 'none'} in ${k.isa}`;
      });
      return h('li', { attrs: { 'data-class': id } }, h('mark', { attrs: { 'data-class': id } }, label), `: ${sides.join('; ')}`);
    })));
}

/** One function's instructions: one pre whose text runs between the highlighted mnemonics, so
 * thousands of lines stay few nodes; operands with short symbol names. */
function functionCode(f: KernelListing['functions'][number], puzzle: string): HTMLElement {
  const pre = h('pre', {});
  let run = '';
  const flush = () => {
    if (run) pre.append(run);
    run = '';
  };
  for (const [address, mnemonic, operands] of f.insns) {
    run += `${address.padStart(6)}  `;
    const cls = instructionClass(mnemonic);
    if (cls) {
      flush();
      pre.append(h('mark', { attrs: { 'data-class': cls.id } }, mnemonic));
    } else {
      run += mnemonic;
    }
    const shown = readableOperands(operands, puzzle);
    run += `${shown ? ' ' : ''}${shown}\n`;
  }
  flush();
  return pre;
}

function listingSide(k: KernelListing, kernel: string, puzzle: string): HTMLElement {
  const title = `${k.isa}, ${BUILD_NAMES[k.build]}`;
  const classes = ['total', 'vector', 'scalar', 'branch', 'other', 'memory'] as const;
  const heads: Record<(typeof classes)[number], string> = {
    total: 'all', vector: 'vector', scalar: 'scalar', branch: 'branch',
    other: k.build === 'simd128' || k.build === 'relaxed' || k.build === 'baseline' ? 'locals, blocks' : 'no-op', memory: 'memory (of these)',
  };
  const counts = h('table', { className: 'listing-counts' },
    h('caption', {}, `Instructions by class: ${kernel}, ${k.isa}${k.truncated ? ' (of the part listed)' : ''}`),
    h('thead', {}, h('tr', {}, ...classes.map((c) => h('th', { attrs: { scope: 'col' } }, heads[c])))),
    h('tbody', {}, h('tr', {}, ...classes.map((c) => h('td', { attrs: { 'data-class': c } }, k.counts[c])))));

  // The hot functions open, the rest folded, each under its short name (the full one on hover).
  const hot = hotFunctions(k);
  const ordered = [...hot.map((name) => k.functions.find((f) => f.name === name)!), ...k.functions.filter((f) => !hot.includes(f.name))];
  const marked = (f: KernelListing['functions'][number]) => f.insns.filter(([, m]) => instructionClass(m)).length;
  const heading = (f: KernelListing['functions'][number]) => [
    h('code', { className: 'listing-fn-name', title: f.name }, shortName(f.name)),
    h('small', {}, ` ${f.insns.length} instructions${marked(f) ? `, ${marked(f)} highlighted` : ''}`),
  ];
  const folded = ordered.slice(hot.length).map((f) =>
    h('details', { className: 'listing-fn', attrs: { 'data-function': f.name } }, h('summary', {}, ...heading(f)), functionCode(f, puzzle)));
  const code = h('div', { className: 'listing-code', attrs: { role: 'region', 'aria-label': `${title} instructions of ${kernel}`, tabindex: '0' } },
    ...ordered.slice(0, hot.length).map((f) => h('section', { className: 'listing-fn listing-hot', attrs: { 'data-function': f.name } },
      h('p', { className: 'listing-fn-head' }, ...heading(f)), functionCode(f, puzzle))),
    ...folded);
  // The whole listing on request: every folded function opened (and folded again).
  const whole = folded.length
    ? h('button', { className: 'listing-whole', attrs: { type: 'button', 'aria-expanded': 'false' } }, `Show the whole listing (${folded.length} more functions)`)
    : null;
  whole?.addEventListener('click', () => {
    const open = whole.getAttribute('aria-expanded') !== 'true';
    for (const d of folded) d.open = open;
    whole.setAttribute('aria-expanded', String(open));
    whole.textContent = open ? 'Fold the called functions again' : `Show the whole listing (${folded.length} more functions)`;
  });
  const entry = (e: { role: string; function: string }) => h('span', { title: e.function }, `${e.role}: `, h('code', {}, shortName(e.function)));
  return h('section', { className: 'listing-side', attrs: { 'data-build': k.build, 'data-isa': k.isa, 'aria-label': `${title} listing` } },
    h('h3', {}, title),
    counts,
    h('p', { className: 'hint' }, `${k.tool}; starts at `, ...k.entries.flatMap((e, i) => [i ? '; ' : '', entry(e)]),
      k.truncated ? '. The call tree goes on past the listing’s limit: its counts are of the part listed.' : '.'),
    whole,
    code);
}
