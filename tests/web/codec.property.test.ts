// Property tests (fast-check) for what the page reads from its address: the share-link codec and
// the fragment reader. codec.test.ts has the hand-written cases; these throw generated ones at it:
//   - ANY fragment (any UTF-16, lone surrogates, '%' escapes, bidi controls, link-shaped
//     prefixes, random base64, deflated random JSON) decodes to none, ok or error, never throws;
//     an error carries a message, and an ok state passes the link schema;
//   - every valid link state survives encodeLink -> decodeLink unchanged (fast-check's default
//     sizes: up to ~10 records; the schema also admits states whose link passes the decoder's
//     32 KiB cap, e.g. 64 records with 500-character incompressible case names, 40,734 characters:
//     encodeLink makes such a link and decodeLink refuses it, reported to the integrator);
//   - any single corrupted character or compressed byte of a valid link is rejected with a
//     message or decodes to a state that passes the schema.
// Runs are seeded per test by fast-check and printed on failure with the counterexample; replay
// with fc.assert(..., { seed, path }) as the failure message says.
import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFragment } from '../../web/src/app/fragment';
import { decodeLink, encodeLink, MAX_FRAGMENT_CHARS, toBase64Url } from '../../web/src/share/codec';
import { LinkStateSchema, type LinkState } from '../../web/src/share/schema';
import { neutralizeBidi } from '../../web/src/share/text';

// ---- strings nobody types on purpose ----------------------------------------------------------

/** Any UTF-16 code unit, lone surrogates included (what a URL bar can hand location.hash). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const awkward = fc.constantFrom('%', '%2', '%E0%A4%A', '%25', '%00', '%uD800', '\u202e', '\u2066', '\u200f', '\ud800', '\udc00', '\u0000', '#', 's=', '1.', '=', '+', '/', '-', '_', ' ');
/** Text mixing any code units with the characters that broke pages before (%, surrogates, bidi). */
const hostileText = (maxLength: number) => fc.array(fc.oneof(codeUnit, awkward, fc.string({ unit: 'binary', maxLength: 4 })), { maxLength }).map((parts) => parts.join(''));
const base64urlText = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), maxLength: 200 });

const fragments = fc.oneof(
  hostileText(60),
  fc.tuple(fc.constantFrom('', '#'), fc.constantFrom('s=', 's=1.', 's=0.', 's=2.', 's=1', 's=01.', 's=1000000.'), fc.oneof(hostileText(40), base64urlText)).map(([a, b, c]) => a + b + c),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => `#s=1.${toBase64Url(bytes)}`),
  fc.jsonValue({ maxDepth: 4 }).map((v) => `#s=1.${toBase64Url(deflateRawSync(Buffer.from(JSON.stringify(v) ?? 'null')))}`),
);

// ---- valid link states, generated from the schema's own bounds -----------------------------

/** Strings of at most `max` UTF-16 units (z.string().max counts units), any units at all. */
const text = (max: number) => fc.string({ unit: fc.oneof({ weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: codeUnit }), maxLength: max }).filter((s) => s.length <= max);
const id = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,39}$/);
const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,31}$/).filter((k) => k !== 'constructor' && k !== 'prototype');
// JSON has no -0: a link carries 0 for it, so a state holding -0 is not one a link can state.
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
const nonNegative = fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
const scalar = fc.oneof(finite, text(256), fc.boolean(), fc.constant(null));
const params = fc.dictionary(key, scalar, { maxKeys: 16 });
const timing = fc.record({
  samples: fc.integer({ min: 1, max: 1000 }),
  reps_per_sample: fc.oneof(fc.integer({ min: 1, max: 1e9 }), fc.constant(1e15)),
  median_ns: nonNegative,
  min_ns: nonNegative,
  mad_ns: nonNegative,
  ns_per_unit: nonNegative,
  units_per_second: nonNegative,
});
const record = fc.record(
  {
    puzzle: id,
    case: text(512),
    params,
    kernel: id,
    case_key: text(4096),
    isa: fc.oneof(fc.constantFrom('scalar', 'sse4.1', 'avx2', 'avx512', 'bmi2', 'neon', 'simd128'), fc.stringMatching(/^[a-z0-9.]{1,12}$/)),
    build: text(40),
    answer: fc.dictionary(key, fc.oneof(scalar, fc.array(finite, { maxLength: 64 })), { maxKeys: 16 }),
    verified: fc.option(fc.boolean(), { nil: null }),
    verified_by: text(120),
    work: fc.maxSafeNat(),
    work_unit: text(32),
    input: fc.record({ bytes: fc.maxSafeNat(), fnv1a64: fc.stringMatching(/^[0-9a-f]{16}$/) }),
    timing,
  },
  { requiredKeys: ['puzzle', 'case', 'params', 'kernel', 'isa', 'build', 'answer', 'verified', 'verified_by', 'work', 'work_unit'] },
);
const environment = fc.record(
  {
    side: fc.constantFrom('native' as const, 'wasm' as const),
    build: text(40),
    arch: text(40),
    cpu: text(160),
    features: text(400),
    compiler: text(160),
    flags: text(400),
    timer_resolution_ns: nonNegative,
    date: text(40),
    user_agent: text(400),
    cores: fc.integer({ min: 0, max: 4096 }),
    cross_origin_isolated: fc.boolean(),
    simd128_supported: fc.boolean(),
  },
  { requiredKeys: ['side', 'build', 'arch', 'cpu', 'features', 'compiler', 'flags', 'timer_resolution_ns', 'date'] },
);
const linkState: fc.Arbitrary<LinkState> = fc.record(
  {
    v: fc.constant(1 as const),
    puzzle: id,
    params,
    kernels: fc.array(fc.stringMatching(/^[a-z0-9-]{1,40}\/[a-z0-9.]{1,12}$/), { maxLength: 64 }),
    builds: fc.array(fc.constantFrom('simd128' as const, 'baseline' as const, 'js' as const), { minLength: 1, maxLength: 3 }),
    shared: fc.record({ environment, native: fc.option(environment, { nil: null }), records: fc.array(record, { maxLength: 64 }) }),
  },
  { requiredKeys: ['v', 'puzzle', 'params', 'kernels', 'builds'] },
);

function expectWellFormed(result: Awaited<ReturnType<typeof decodeLink>>, fragment: string) {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!text.startsWith('s=')) {
    expect(result).toEqual({ kind: 'none' });
    return;
  }
  expect(['ok', 'error']).toContain(result.kind);
  if (result.kind === 'error') expect(result.message).toMatch(/^Could not open the shared link: .+\.$/s);
  if (result.kind === 'ok') expect(LinkStateSchema.safeParse(result.state).success).toBe(true);
}

/** The state as a viewer gets it: every string with its bidi controls replaced by U+FFFD. */
function withBidiNeutralized<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' ? neutralizeBidi(v) : v)) as T;
}

describe('share links, property-based', () => {
  it('any fragment decodes to none, ok or error, and never throws', async () => {
    await fc.assert(
      fc.asyncProperty(fragments, async (fragment) => {
        expectWellFormed(await decodeLink(fragment), fragment);
      }),
      { numRuns: 1000 },
    );
  });

  it('every valid link state round-trips', async () => {
    await fc.assert(
      fc.asyncProperty(linkState, async (state) => {
        expect(LinkStateSchema.safeParse(state).success).toBe(true); // the generator makes valid states
        const link = await encodeLink(state);
        expect(link.length).toBeLessThanOrEqual(MAX_FRAGMENT_CHARS);
        // Decoding neutralises bidi controls in every string (Trojan Source); nothing else changes.
        expect(await decodeLink(`#${link}`)).toEqual({ kind: 'ok', state: withBidiNeutralized(state) });
      }),
      { numRuns: 250 },
    );
  });

  it('a valid link with one character replaced is rejected with a message or still valid', async () => {
    const replacement = fc.oneof(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), codeUnit, awkward);
    await fc.assert(
      fc.asyncProperty(linkState, fc.nat(), replacement, async (state, at, c) => {
        const link = `#${await encodeLink(state)}`;
        const i = at % link.length;
        const corrupted = link.slice(0, i) + c + link.slice(i + 1);
        expectWellFormed(await decodeLink(corrupted), corrupted);
      }),
      { numRuns: 300 },
    );
  });

  it('a valid link with one compressed byte changed is rejected with a message or still valid', async () => {
    await fc.assert(
      fc.asyncProperty(linkState, fc.nat(), fc.integer({ min: 1, max: 255 }), async (state, at, xor) => {
        const packed = deflateRawSync(Buffer.from(JSON.stringify(state)));
        packed[at % packed.length] ^= xor;
        const corrupted = `#s=1.${toBase64Url(packed)}`;
        expectWellFormed(await decodeLink(corrupted), corrupted);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the fragment reader, property-based', () => {
  const ids = ['cube', 'nqueens', 'popcount'];
  it('reads any fragment without throwing, and names only known puzzles', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText(40), fc.constantFrom(...ids).map((i) => `#${i}`)), (hash) => {
        const f = readFragment(hash, ids);
        expect(['empty', 'link', 'puzzle', 'unknown']).toContain(f.kind);
        if (f.kind === 'puzzle') expect(ids).toContain(f.id);
      }),
      { numRuns: 2000 },
    );
  });
});
