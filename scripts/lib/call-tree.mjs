// A kernel's call tree in a listing (scripts/build-listings.mjs): its entries, then what they call
// of our own code, breadth first. The whole tree is listed, so its instruction counts can be set
// beside another build's (the page's Instructions panel); the page shows the hot functions first
// and folds the rest. The limits are a safety bound on a listing's size, far above any kernel's
// tree today (chess hq-simd in wasm, the largest, is about 12,300 instructions in 24 functions): a tree cut by
// them says so (`truncated`), and its counts are then of the part listed.
export const CALL_TREE_LIMITS = { functions: 400, instructions: 150000 };

/**
 * `entryKeys`: the entries' function keys; `functions`: key -> { insns, calls: Set<key> };
 * `isOurs(f)`: whether a callee is our code (not the standard library).
 * Returns { order: keys in breadth-first order, instructions, truncated }.
 */
export function walkCallTree(entryKeys, functions, isOurs, limits = CALL_TREE_LIMITS) {
  const seen = new Set();
  const queue = [];
  for (const key of entryKeys) {
    if (!seen.has(key)) {
      seen.add(key);
      queue.push(key);
    }
  }
  const order = [];
  let instructions = 0;
  let truncated = false;
  while (queue.length) {
    const key = queue.shift();
    const f = functions.get(key);
    if (order.length >= limits.functions || instructions + f.insns.length > limits.instructions) {
      truncated = true;
      continue;
    }
    order.push(key);
    instructions += f.insns.length;
    for (const callee of f.calls) {
      const g = functions.get(callee);
      if (g && !seen.has(callee) && isOurs(g)) {
        seen.add(callee);
        queue.push(callee);
      }
    }
  }
  return { order, instructions, truncated };
}
