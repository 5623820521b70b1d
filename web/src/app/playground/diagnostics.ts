// The compiler's diagnostics of a build, merged: the same message on the same line from every
// pass (sse41, avx2, avx512, wasm...) is one entry naming the passes, errors first.
import type { BuildStep, Diagnostic } from './api';
import { targetWords } from './api';

export interface MergedDiagnostic extends Diagnostic {
  /** The build steps that said it, in words. */
  targets: string[];
}

const RANK = { error: 0, warning: 1, note: 2 } as const;

export function mergeDiagnostics(steps: readonly BuildStep[]): MergedDiagnostic[] {
  const byKey = new Map<string, MergedDiagnostic>();
  for (const step of steps)
    for (const d of step.diagnostics ?? []) {
      const key = `${d.severity}|${d.line}|${d.column ?? 0}|${d.message}`;
      const had = byKey.get(key);
      const target = targetWords(step.target);
      if (had) {
        if (!had.targets.includes(target)) had.targets.push(target);
      } else byKey.set(key, { ...d, targets: [target] });
    }
  return [...byKey.values()].sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.line || Infinity) - (b.line || Infinity));
}

/** Where a diagnostic is, in words. */
export function placeWords(d: Diagnostic): string {
  return d.line > 0 ? `line ${d.line}${d.column ? `, column ${d.column}` : ''}` : 'not on a line of yours';
}
