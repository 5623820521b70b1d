// Property tests (fast-check) for the page's parameter handling (web/src/app/controls.ts) against
// the wasm engine's own validation (cpp/core/params.cpp), on every param of every puzzle in the
// catalog:
//   - checkParam and sanitizeParams never throw, whatever the text or the link holds;
//   - an integer param accepts exactly the integers in its range, as typed or from a link;
//   - for any text, the page accepts exactly what the engine accepts (the page first drops
//     whitespace around a typed number, and then sends the number itself);
//   - the page names a case exactly as the engine does (caseName), whatever the text params hold.
// The engine is asked through the real module (SIMD128 build) with a probe: params holding the
// value under test plus an unknown key `zz_probe`. validate_params checks the schema's params
// first, so the answer is "unknown parameter 'zz_probe'" exactly when the value passed, and no
// case is prepared (no 64 MiB buffer for a large size).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimdPuzzlesModule } from '@wasm/simd/simd-puzzles.mjs';
import { caseName } from '../../web/src/app/compare';
import { checkParam, sanitizeParams } from '../../web/src/app/controls';
import type { CatalogPuzzle, ParamSpec } from '../../web/src/app/engine-types';
import { call, loadModule } from './wasm-module';

let m: SimdPuzzlesModule;
let puzzles: CatalogPuzzle[];
let specs: [CatalogPuzzle, ParamSpec][];
beforeAll(async () => {
  m = await loadModule('simd');
  puzzles = call(m, { action: 'catalog' }).puzzles;
  specs = puzzles.flatMap((p) => p.params.map((s) => [p, s] as [CatalogPuzzle, ParamSpec]));
});

function engineAccepts(puzzle: CatalogPuzzle, name: string, value: unknown): boolean {
  const request = JSON.stringify({ action: 'illustrate', puzzle: puzzle.id, params: { [name]: value, zz_probe: 0 } });
  const r = JSON.parse(m.handle(request, null));
  expect(r.ok, request).toBe(false);
  return r.error.startsWith("unknown parameter 'zz_probe'");
}

const accepted = (r: ReturnType<typeof checkParam>) => 'value' in r;
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
/** What a field or a link may hold: any code units, digits with signs and spaces, long texts. */
const rawText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: codeUnit, maxLength: 12 }),
  fc.stringMatching(/^[ \t\n\u00a0+-]{0,2}[0-9]{0,22}[ \t.e]{0,2}[0-9]{0,2}$/),
  fc.integer({ min: -100, max: 5_000_000_000 }).map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  // Around the 256-character text limit, with characters of every UTF-8 and UTF-16 width.
  fc.tuple(fc.integer({ min: 250, max: 260 }), fc.constantFrom('R', '\u00e9', '\u2019', '\u{1F600}', '\ud800')).map(([n, c]) => c.repeat(n)),
);

describe('page params, property-based', () => {
  it('checkParam never throws and always says why it rejects', () => {
    for (const [, spec] of specs) {
      fc.assert(
        fc.property(rawText, (raw) => {
          const r = checkParam(spec, raw);
          if (!accepted(r)) expect((r as { error: string }).error).toMatch(new RegExp(`^${spec.name} `));
        }),
        { numRuns: 300 },
      );
    }
  });

  it('integer params accept exactly the integers in range', () => {
    for (const [puzzle, spec] of specs.filter(([, s]) => s.kind === 'integer')) {
      const min = spec.min!, max = spec.max!;
      fc.assert(
        fc.property(fc.oneof(fc.integer({ min: min - 50, max: min + 50 }), fc.integer({ min: max - 50, max: max + 50 }), fc.maxSafeInteger(), fc.integer()), (i) => {
          const inRange = i >= min && i <= max;
          expect(checkParam(spec, String(i))).toEqual(inRange ? { value: i } : expect.objectContaining({ error: expect.any(String) }));
          const { params, problems } = sanitizeParams(puzzle, { [spec.name]: i });
          expect(params[spec.name]).toBe(inRange ? i : spec.default);
          expect(problems.length).toBe(inRange ? 0 : 1);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('accepts exactly what the engine accepts', () => {
    for (const [puzzle, spec] of specs) {
      fc.assert(
        fc.property(rawText, (raw) => {
          const page = accepted(checkParam(spec, raw));
          const engine = engineAccepts(puzzle, spec.name, spec.kind === 'integer' ? raw.trim() : raw);
          expect(page, `${puzzle.id}.${spec.name} = ${JSON.stringify(raw)}: page ${page}, engine ${engine}`).toBe(engine);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('sanitizeParams never throws, keeps exactly the schema, and reports every problem', () => {
    const scalar = fc.oneof(rawText, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
    for (const puzzle of puzzles) {
      const names = puzzle.params.map((s) => s.name);
      const given = fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/)), scalar, { maxKeys: 6 });
      fc.assert(
        fc.property(given, (g) => {
          const { params, problems } = sanitizeParams(puzzle, g);
          expect(Object.keys(params).sort()).toEqual([...names].sort());
          let bad = 0;
          for (const spec of puzzle.params) {
            if (!(spec.name in g)) expect(params[spec.name]).toBe(spec.default);
            else if (!accepted(checkParam(spec, String(g[spec.name])))) bad += 1;
          }
          bad += Object.keys(g).filter((k) => !names.includes(k)).length;
          expect(problems.length).toBe(bad);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('names cases exactly as the engine does, whatever the text params hold', () => {
    const cube = puzzles.find((p) => p.id === 'cube')!;
    // Values around the 48-character cut, mixing 1- to 4-byte characters (astral ones are two UTF-16
    // units), and any well-formed text.
    const character = fc.oneof(fc.constantFrom('R', ' ', '\u00e9', '\u2019', '\u{1F600}', '\u{10FFFF}'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
    const wellFormed = fc
      .oneof(fc.array(character, { minLength: 40, maxLength: 60 }).map((cs) => cs.join('')), fc.string({ unit: 'binary', maxLength: 80 }))
      .filter((s) => [...s].length <= 256 && !/\p{Cs}/u.test(s));
    fc.assert(
      fc.property(wellFormed, fc.integer({ min: 0, max: 4294967295 }), (text, seed) => {
        // op=apply reads `with` but never parses it: any text within the limit makes a case.
        const r = call(m, { action: 'run', puzzle: 'cube', params: { op: 'apply', moves: 'R', with: text, seed }, kernels: ['scalar'] });
        expect(r.ok, JSON.stringify(r)).toBe(true);
        expect(caseName(cube, r.params)).toBe(r.case);
      }),
      { numRuns: 300 },
    );
  });
});
