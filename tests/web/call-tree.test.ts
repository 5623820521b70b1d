// A kernel's call tree in the instruction listings (scripts/lib/call-tree.mjs): the whole tree,
// breadth first from the entries, our code only, each function once; cut only at the safety bound,
// and then marked truncated, so counts of a whole tree can be compared across builds.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { CALL_TREE_LIMITS, walkCallTree } from '../../scripts/lib/call-tree.mjs';

type Fn = { name: string; insns: unknown[]; calls: Set<number> };
const fn = (name: string, size: number, calls: number[] = []): Fn => ({ name, insns: Array(size).fill(['0', 'nop', '']), calls: new Set(calls) });

describe('a kernel’s call tree', () => {
  // 1 -> 2, 3; 2 -> 4 (std), 3; 3 -> 1 (a cycle), 5.
  const functions = new Map<number, Fn>([[1, fn('perft', 10, [2, 3])], [2, fn('gen', 20, [4, 3])], [3, fn('attacks', 30, [1, 5])], [4, fn('std::memcpy', 5)], [5, fn('helper', 40)]]);
  const ours = (f: Fn) => !f.name.startsWith('std::');

  it('lists the whole tree, breadth first, our code only, each function once', () => {
    expect(walkCallTree([1], functions, ours)).toEqual({ order: [1, 2, 3, 5], instructions: 100, truncated: false });
    expect(walkCallTree([3, 1, 3], functions, ours).order).toEqual([3, 1, 5, 2]);
  });

  it('is cut only at its safety bound, and then says so', () => {
    expect(walkCallTree([1], functions, ours, { functions: 2, instructions: 1000 })).toEqual({ order: [1, 2], instructions: 30, truncated: true });
    expect(walkCallTree([1], functions, ours, { functions: 100, instructions: 60 })).toMatchObject({ order: [1, 2, 3], truncated: true });
    // Far above the largest tree today (chess hq-simd in wasm, about 12,300 instructions).
    expect(CALL_TREE_LIMITS.instructions).toBeGreaterThanOrEqual(100000);
  });
});
