// The records a puzzle holds, keyed by what makes a result one result: puzzle, case (its
// case_key, the engine's identity), kernel, ISA and build. A newer record of the same key replaces
// the older one and moves to the end, so a set keeps the order results arrived in.
import type { PageRecord } from '../../share/verify';

export type RecordSet = ReadonlyMap<string, PageRecord>;

export const NO_RECORDS: RecordSet = new Map();

export const recordKey = (r: PageRecord): string => `${r.puzzle}|${r.case_key}|${r.kernel}/${r.isa}|${r.build}`;

export function recordSet(records: readonly PageRecord[]): RecordSet {
  return merged(NO_RECORDS, records);
}

/** `into` with `newer` merged in: a run of the same case again updates its rows, other cases' rows stay. */
export function merged(into: RecordSet, newer: readonly PageRecord[]): RecordSet {
  const out = new Map(into);
  for (const r of newer) {
    const key = recordKey(r);
    out.delete(key);
    out.set(key, r);
  }
  return out;
}

export function listOf(records: RecordSet): PageRecord[] {
  return [...records.values()];
}

/** Records of one case, by its key, in arrival order. */
export function ofCase(records: RecordSet | readonly PageRecord[], caseKey: string): PageRecord[] {
  return [...records.values()].filter((r) => r.case_key === caseKey);
}
