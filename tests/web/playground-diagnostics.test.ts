// Compiler diagnostics on the playground editor's lines (scripts/lib/playground/diagnostics.mjs),
// from real output of g++ 12 and em++ (clang 14) captured in the compile jail on the popcount slot
// (tests/fixtures/playground/diagnostics/<case>.{gxx,emxx}.txt; the user's source is kernel.cpp,
// the project's headers were at /work/main/cpp). Errors inside our headers or the standard
// library land on the kernel.cpp line that caused them; the slot's glue says so; no server path
// is left in a message.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { cleanText, displayPath, MAX_DIAGNOSTICS, parseDiagnostics, parseLinkErrors } from '../../scripts/lib/playground/diagnostics.mjs';

const roots = [{ prefix: '/work/main/cpp/', name: 'cpp/' }];
const captured = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'playground', 'diagnostics', name), 'utf8');
type D = { line: number; column: number; severity: string; message: string };
const parse = (name: string): D[] => parseDiagnostics(captured(name), { roots });
const errors = (ds: D[]) => ds.filter((d) => d.severity === 'error');

describe('diagnostics on the kernel’s lines', () => {
  it('an undeclared name and a missing semicolon, with a warning (g++ and clang)', () => {
    for (const name of ['undeclared.gxx.txt', 'undeclared.emxx.txt']) {
      const ds = parse(name);
      expect(errors(ds).map((d) => [d.line, d.column])).toEqual([[3, 50], [5, 14]]);
      expect(errors(ds)[0].message).toMatch(/undeclared_thing/);
    }
    expect(parse('undeclared.gxx.txt')).toContainEqual({ line: 4, column: 7, severity: 'warning', message: "unused variable 'unused' [-Wunused-variable]" });
  });

  it('a vector op given the wrong type: the error on the user’s line, the note from our header on it too, named cpp/…', () => {
    const gxx = parse('wrong-type.gxx.txt');
    expect(gxx[0]).toMatchObject({ line: 5, column: 22, severity: 'error', message: expect.stringMatching(/cannot convert 'double'/) });
    expect(gxx[1]).toMatchObject({ line: 5, severity: 'note', message: expect.stringMatching(/^in cpp\/simd\/avx2\.h:81: initializing argument 2/) });
    const clang = parse('wrong-type.emxx.txt');
    expect(clang[0]).toMatchObject({ line: 5, column: 22, severity: 'error' });
    expect(clang[1]).toMatchObject({ line: 5, severity: 'note', message: expect.stringMatching(/^in cpp\/simd\/wasm\.h:82:/) });
  });

  it('an error deep in the standard library lands on the user’s call (g++’s “required from here”, clang’s notes)', () => {
    const gxx = parse('chain.gxx.txt');
    expect(errors(gxx).length).toBeGreaterThan(0);
    expect(errors(gxx).every((d) => d.line === 4)).toBe(true);
    expect(errors(gxx)[0].message).toMatch(/^in …\/bits\/predefined_ops\.h:158: expression cannot be used as a function$/);
    const clang = parse('chain.emxx.txt');
    expect(errors(clang).length).toBeGreaterThan(1);
    expect(errors(clang).every((d) => d.line === 4)).toBe(true);
    expect(clang.length).toBeLessThanOrEqual(MAX_DIAGNOSTICS);
  });

  it('a wrong signature is the slot glue’s error, which says to check the signature (line 0: not a line of the user’s)', () => {
    for (const name of ['signature.gxx.txt', 'signature.emxx.txt']) {
      const e = errors(parse(name))[0];
      expect(e.line).toBe(0);
      expect(e.message).toMatch(/^in the slot's glue \(cpp\/puzzles\/popcount\/playground\/slot\.inl:6\), which registers your kernel \(does it have the slot's signature\?\): /);
    }
  });

  it('compile-time recursion and constexpr loops end as the compilers’ errors, on the user’s lines', () => {
    expect(errors(parse('recursion.gxx.txt'))[0]).toMatchObject({ line: 1, message: expect.stringMatching(/template instantiation depth exceeds/) });
    const clang = parse('recursion.emxx.txt');
    expect(errors(clang).map((d) => d.line)).toEqual([2, 1]);
    expect(clang).toContainEqual(expect.objectContaining({ line: 3, severity: 'note' })); // the use that started it
  });

  it('leaves no server path in any message', () => {
    for (const name of ['undeclared', 'wrong-type', 'chain', 'signature', 'recursion'].flatMap((n) => [`${n}.gxx.txt`, `${n}.emxx.txt`])) {
      for (const d of parse(name)) expect(d.message).not.toMatch(/\/work\/|\/usr\/|\/job\/|\/tmp\//);
    }
  });
});

describe('paths and link errors', () => {
  it('makes paths readable', () => {
    expect(displayPath('/work/main/cpp/simd/avx2.h', roots)).toBe('cpp/simd/avx2.h');
    expect(displayPath('./kernel.cpp', roots)).toBe('kernel.cpp');
    expect(displayPath('/job/kernel.cpp', roots)).toBe('kernel.cpp');
    expect(displayPath('/usr/include/c++/12/bits/stl_algo.h', roots)).toBe('…/bits/stl_algo.h');
    expect(cleanText("/usr/bin/ld: /job/obj/native-avx2.o: in function `f':", roots)).toBe("…/bin/ld: obj/native-avx2.o: in function `f':");
  });

  it('a link error is a line-0 error', () => {
    const stderr = "/usr/bin/ld: obj/native-avx2.o: in function `sp::isa_avx2::playground::kernel(unsigned char const*, unsigned long)':\nkernel.cpp:(.text+0x5): undefined reference to `helper()'\ncollect2: error: ld returned 1 exit status\n";
    expect(parseLinkErrors(stderr, { roots })).toEqual([
      { line: 0, column: 0, severity: 'error', message: "kernel.cpp:(.text+0x5): undefined reference to `helper()'" },
      { line: 0, column: 0, severity: 'error', message: 'collect2: error: ld returned 1 exit status' },
    ]);
  });
});
