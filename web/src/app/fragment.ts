// What the URL fragment asks for. The fragment is typed by anyone, so reading it never throws:
// `#nqueens` picks a puzzle, `#history` the history of runs, `#suite` the suite (`#suite?profile=smoke`:
// Run all with 3 short samples per kernel, for tests), `#s=...` is a share link (share/codec.ts), nothing is the default,
// and anything else (a typo, `#100%`, a truncated percent escape) is reported, not obeyed. The
// text reported has its bidi controls neutralised: it came from whoever wrote the address.
import { neutralizeBidi } from '../share/text';
import type { SuiteProfile } from './state/store';

export type Fragment =
  | { kind: 'empty' }
  | { kind: 'link' }
  | { kind: 'puzzle'; id: string }
  | { kind: 'history' }
  | { kind: 'suite'; profile: SuiteProfile }
  | { kind: 'unknown'; text: string };

export function readFragment(hash: string, puzzleIds: readonly string[]): Fragment {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw === '') return { kind: 'empty' };
  if (raw.startsWith('s=')) return { kind: 'link' };
  const text = safeDecode(raw);
  if (text === 'history') return { kind: 'history' };
  if (text === 'suite') return { kind: 'suite', profile: 'full' };
  if (text === 'suite?profile=smoke') return { kind: 'suite', profile: 'smoke' };
  return puzzleIds.includes(text) ? { kind: 'puzzle', id: text } : { kind: 'unknown', text: neutralizeBidi(text) };
}

// decodeURIComponent throws URIError on a stray or truncated escape (`%`, `%E0%A4%A`); such a
// fragment is shown as typed.
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
