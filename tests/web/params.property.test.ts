// Property tests (fast-check) for the page's parameter handling. The page checks nothing itself:
// every edit goes, as typed, to the engine's `validate` (web/src/app/controls.ts, app/engine.ts),
// so the properties are the engine's, through the real module (SIMD128 build), on every param of
// every puzzle in the catalog:
//   - validate never fails to answer, whatever a field or a link holds, and a rejection names the
//     field it is about (the page shows it under that field);
//   - an integer param accepts exactly the decimal integers in its range (an optional '-' and
//     digits; the grammar of std::from_chars), as text or as a number;
//   - what validate accepts is canonical: validating its params again gives the same params, label
//     and key, so a case keeps its identity through the page, records and links.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import type { CatalogPuzzle, ParamSpec } from '../../web/src/share/engine-types';
import { call, loadModule } from './wasm-module';

let m: SimdPuzzlesModule;
let puzzles: CatalogPuzzle[];
let specs: [CatalogPuzzle, ParamSpec][];
beforeAll(async () => {
  m = await loadModule('simd');
  puzzles = call(m, { action: 'catalog' }).puzzles;
  specs = puzzles.flatMap((p) => p.params.map((s) => [p, s] as [CatalogPuzzle, ParamSpec]));
});

const validate = (puzzle: CatalogPuzzle, params: Record<string, unknown>) => call(m, { action: 'validate', puzzle: puzzle.id, params });

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
/** What a field or a link may hold: any code units, digits with signs and spaces, long texts. */
const rawText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: codeUnit, maxLength: 12 }).map((s) => s.replace(/[\ud800-\udfff]/g, '\ufffd')), // what the worker sends (share/text.ts)
  fc.stringMatching(/^[ \t\n\u00a0+-]{0,2}[0-9]{0,22}[ \t.e]{0,2}[0-9]{0,2}$/),
  fc.integer({ min: -100, max: 5_000_000_000 }).map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  // Around the 256-character text limit, with characters of every UTF-8 and UTF-16 width.
  fc.tuple(fc.integer({ min: 250, max: 260 }), fc.constantFrom('R', '\u00e9', '\u2019', '\u{1F600}')).map(([n, c]) => c.repeat(n)),
);

describe('page params through the engine, property-based', () => {
  it('answers every edit, naming the field it rejects', () => {
    for (const [puzzle, spec] of specs) {
      fc.assert(
        fc.property(rawText, (raw) => {
          const r = validate(puzzle, { [spec.name]: spec.kind === 'flag' ? raw === 'true' : raw });
          expect(typeof r.ok).toBe('boolean');
          // A rejection is about this field, unless the puzzle's own parse of another param
          // (left at its default) is what failed.
          if (!r.ok) expect(r.field === spec.name || r.field === undefined, JSON.stringify(r)).toBe(true);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('integer params accept exactly the decimal integers in range, as text or as numbers', () => {
    // Canonical params drop what the case does not use (cube's seed only matters for op=random, its
    // repeat only for the benchmark ops), so each param is tried where it matters.
    const usedWhen: Record<string, Record<string, unknown>> = { 'cube.seed': { op: 'random' }, 'cube.repeat': { op: 'compose-throughput' } };
    for (const [puzzle, spec] of specs.filter(([, s]) => s.kind === 'integer')) {
      const context = usedWhen[`${puzzle.id}.${spec.name}`] ?? {};
      const min = spec.min!, max = spec.max!;
      const integers = fc.oneof(fc.integer({ min: min - 50, max: min + 50 }), fc.integer({ min: max - 50, max: max + 50 }), fc.maxSafeInteger(), fc.integer());
      fc.assert(
        fc.property(integers, fc.boolean(), (i, asText) => {
          const r = validate(puzzle, { ...context, [spec.name]: asText ? String(i) : i });
          const inRange = i >= min && i <= max;
          // Accepted: kept as given, or left out where it is the default a case leaves implied
          // (repeat=1 keeps every older case's key).
          const kept = r.ok && (r.params[spec.name] === i || (!(spec.name in r.params) && i === spec.default));
          expect(kept, `${puzzle.id}.${spec.name} = ${i}: ${JSON.stringify(r)}`).toBe(inRange);
          if (!inRange) expect(r.field).toBe(spec.name);
        }),
        { numRuns: 150 },
      );
      fc.assert(
        fc.property(rawText, (raw) => {
          const r = validate(puzzle, { ...context, [spec.name]: raw });
          const grammar = /^-?[0-9]+$/.test(raw) && BigInt(raw) >= BigInt(min) && BigInt(raw) <= BigInt(max);
          if (r.ok || r.field === spec.name) expect(r.ok, `${puzzle.id}.${spec.name} = ${JSON.stringify(raw)}`).toBe(grammar);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('what it accepts is canonical: a second validate keeps params, label and key', () => {
    for (const [puzzle, spec] of specs) {
      fc.assert(
        fc.property(rawText, (raw) => {
          const first = validate(puzzle, { [spec.name]: spec.kind === 'flag' ? raw === 'true' : raw });
          if (!first.ok) return;
          const second = validate(puzzle, first.params);
          expect(second).toEqual(first);
        }),
        { numRuns: 150 },
      );
    }
  });
});
