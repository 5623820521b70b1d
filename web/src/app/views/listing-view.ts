// The Instructions panel under the results: one kernel's listing natively and in wasm, side by
// side, with counts by instruction class and the instructions the puzzle's explainer names
// highlighted. Closed until asked for: a build's listing is a few MB.
import type { PuzzleView } from '../puzzle-view';
import { h, replaceChildren } from '../dom';
import {
  isasOf, kernelListing, loadListing, namedInstructions, NATIVE_LISTING_BUILDS, WASM_LISTING_BUILDS,
  type KernelListing, type Listing, type ListingBuild,
} from '../listings';
import { puzzleOf } from '../state/selectors';
import type { PageState } from '../state/store';
import type { Elements } from './layout';

const BUILD_NAMES: Record<ListingBuild, string> = {
  'x86-64': 'x86-64 (GCC)',
  aarch64: 'AArch64 (GCC)',
  simd128: 'wasm SIMD128 (Emscripten)',
  baseline: 'wasm baseline (Emscripten)',
};

/** A choice of side: a build and one of the kernel's ISAs in it. */
interface Side {
  build: ListingBuild;
  isa: string;
}
const sideValue = (s: Side) => `${s.build}|${s.isa}`;

// The native ISA shown first: the widest x86 one this kernel has that most machines run.
const NATIVE_PREFERENCE = ['avx2', 'sse4.1', 'bmi2', 'avx512', 'neon', 'scalar'];

export function listingView(el: Elements, views: ReadonlyMap<string, PuzzleView>) {
  let puzzleId = '';
  let catalogKernels: readonly string[] = [];
  let explainerText = '';
  const chosenKernel = new Map<string, string>();
  const chosenSide = { native: '', wasm: '' };
  const listings = new Map<ListingBuild, Listing | null>();
  const explainers = new Map<string, string>();

  const kernelSelect = h('select', { id: 'listing-kernel' });
  const nativeSelect = h('select', { id: 'listing-native' });
  const wasmSelect = h('select', { id: 'listing-wasm' });
  const sides = h('div', { className: 'listing-sides' });
  const note = h('p', { className: 'hint' });
  const details = h('details', { className: 'listing-panel', id: 'instructions' },
    h('summary', {}, h('h2', {}, 'Instructions')),
    h('p', { className: 'hint' }, 'What each kernel compiles to: its hot functions as the compilers emitted them, disassembled from the built programs (',
      h('code', {}, 'objdump'), ', ', h('code', {}, 'wasm-objdump'), '), with what it calls of our own code.'),
    h('div', { className: 'listing-controls' },
      h('label', { attrs: { for: 'listing-kernel' } }, 'Kernel ', kernelSelect),
      h('label', { attrs: { for: 'listing-native' } }, 'Native ', nativeSelect),
      h('label', { attrs: { for: 'listing-wasm' } }, 'wasm ', wasmSelect)),
    note,
    sides);
  el.listing.replaceChildren(details);

  const allBuilds = [...NATIVE_LISTING_BUILDS, ...WASM_LISTING_BUILDS] as const;
  let loading: Promise<void> | null = null;
  const loadAll = () => (loading ??= Promise.all(allBuilds.map(async (b) => {
    listings.set(b, await loadListing(b));
  })).then(() => {
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

  const fillSelect = (select: HTMLSelectElement, options: Side[], keep: string, prefer: (s: Side[]) => Side | undefined) => {
    const values = options.map(sideValue);
    const value = values.includes(keep) ? keep : (prefer(options) ? sideValue(prefer(options)!) : '');
    replaceChildren(select, ...(options.length
      ? options.map((s) => h('option', { attrs: { value: sideValue(s) } }, `${s.isa} (${s.build})`))
      : [h('option', { attrs: { value: '' } }, 'none built')]));
    select.value = value;
    select.disabled = !options.length;
    return value;
  };

  // The kernels with a listing in some build (a peer, another program, has none), in the
  // catalog's order; all of them until a listing has loaded.
  const listedKernels = () => {
    const loaded = [...listings.values()].filter((l): l is Listing => l !== null);
    const listed = catalogKernels.filter((id) => loaded.some((l) => isasOf(l, puzzleId, id).length > 0));
    return loaded.length ? listed : catalogKernels;
  };

  const render = () => {
    if (!details.open) return;
    const kernels = listedKernels();
    if (!kernels.includes(chosenKernel.get(puzzleId) ?? '')) chosenKernel.set(puzzleId, kernels[0] ?? '');
    replaceChildren(kernelSelect, ...kernels.map((id) => h('option', { attrs: { value: id } }, id)));
    kernelSelect.value = chosenKernel.get(puzzleId) ?? '';
    const kernel = chosenKernel.get(puzzleId) ?? '';
    const native = sidesOf(NATIVE_LISTING_BUILDS, kernel);
    const wasm = sidesOf(WASM_LISTING_BUILDS, kernel);
    chosenSide.native = fillSelect(nativeSelect, native, chosenSide.native,
      (o) => NATIVE_PREFERENCE.map((isa) => o.find((s) => s.isa === isa)).find(Boolean));
    chosenSide.wasm = fillSelect(wasmSelect, wasm, chosenSide.wasm, (o) => o[0]);
    const missing = allBuilds.filter((b) => !listings.get(b));
    note.textContent = missing.length
      ? `No listing here yet for ${missing.map((b) => BUILD_NAMES[b]).join(', ')}: scripts/build-listings.mjs makes each from its build (npm start makes the x86-64 one once the native CLI is built; npm test also makes AArch64's).`
      : '';
    const named = namedInstructions(explainerText);
    const side = (value: string, family: string) => {
      const [build, isa] = value.split('|') as [ListingBuild, string];
      const listing = value ? listings.get(build) : null;
      const k = listing ? kernelListing(listing, build, puzzleId, kernel, isa) : null;
      return k ? listingSide(k, named.test, kernel) : h('section', { className: 'listing-side', attrs: { 'aria-label': `${family} listing` } },
        h('h3', {}, family), h('p', { className: 'empty' }, `${kernel} has no ${family} listing here.`));
    };
    replaceChildren(sides,
      side(chosenSide.native, 'native'),
      side(chosenSide.wasm, 'wasm'),
      named.names.length
        ? h('p', { className: 'hint listing-legend' }, 'Highlighted: the instructions the explainer names (', named.names.join(', '), ').')
        : null);
  };

  const open = async () => {
    if (!details.open) return;
    note.textContent = 'Loading the listings…';
    await loadAll();
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
    if (!s.puzzleId || s.puzzleId === puzzleId) return;
    puzzleId = s.puzzleId;
    const puzzle = puzzleOf(s);
    catalogKernels = puzzle.kernel_order;
    if (!explainers.has(puzzleId)) explainers.set(puzzleId, views.get(puzzleId)?.explainer().textContent ?? '');
    explainerText = explainers.get(puzzleId) ?? '';
    if (!chosenKernel.has(puzzleId)) chosenKernel.set(puzzleId, catalogKernels[0] ?? '');
    replaceChildren(kernelSelect);  // refilled for this puzzle by render
    render();
  };

  return subscriber;
}

function listingSide(k: KernelListing, highlighted: (mnemonic: string) => boolean, kernel: string): HTMLElement {
  const title = `${k.isa}, ${BUILD_NAMES[k.build]}`;
  const classes = ['total', 'vector', 'scalar', 'branch', 'other', 'memory'] as const;
  const heads: Record<(typeof classes)[number], string> = {
    total: 'all', vector: 'vector', scalar: 'scalar', branch: 'branch',
    other: k.build === 'simd128' || k.build === 'baseline' ? 'locals, blocks' : 'no-op', memory: 'memory (of these)',
  };
  const counts = h('table', { className: 'listing-counts' },
    h('caption', {}, `Instructions by class: ${kernel}, ${k.isa}`),
    h('thead', {}, h('tr', {}, ...classes.map((c) => h('th', { attrs: { scope: 'col' } }, heads[c])))),
    h('tbody', {}, h('tr', {}, ...classes.map((c) => h('td', { attrs: { 'data-class': c } }, k.counts[c])))));

  // One pre: text runs between the highlighted mnemonics, so thousands of lines stay few nodes.
  const pre = h('pre', {});
  let run = '';
  const flush = () => {
    if (run) pre.append(run);
    run = '';
  };
  for (const f of k.functions) {
    run += `${f.name}:\n`;
    for (const [address, mnemonic, operands] of f.insns) {
      run += `  ${address.padStart(6)}  `;
      if (highlighted(mnemonic)) {
        flush();
        pre.append(h('mark', {}, mnemonic));
      } else {
        run += mnemonic;
      }
      run += `${operands ? ' ' : ''}${operands}\n`;
    }
    run += '\n';
  }
  flush();
  return h('section', { className: 'listing-side', attrs: { 'data-build': k.build, 'data-isa': k.isa, 'aria-label': `${title} listing` } },
    h('h3', {}, title),
    counts,
    h('p', { className: 'hint' }, `${k.tool}; starts at `, k.entries.map((e) => `${e.role}: ${e.function}`).join('; '),
      k.truncated ? '. The call tree goes on past the listing’s limit.' : '.'),
    h('div', { className: 'listing-code', attrs: { role: 'region', 'aria-label': `${title} instructions of ${kernel}`, tabindex: '0' } }, pre));
}
