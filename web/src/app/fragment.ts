// What the URL fragment asks for. The fragment is typed by anyone, so reading it never throws:
// `#nqueens` picks a puzzle, `#history` the history of runs, `#s=...` is a share link (share/codec.ts), nothing is the default,
// and anything else (a typo, `#100%`, a truncated percent escape) is reported, not obeyed. The
// text reported has its bidi controls neutralised: it came from whoever wrote the address.
import { neutralizeBidi } from '../share/text';

export type Fragment =
  | { kind: 'empty' }
  | { kind: 'link' }
  | { kind: 'puzzle'; id: string }
  | { kind: 'history' }
  | { kind: 'unknown'; text: string };

export function readFragment(hash: string, puzzleIds: readonly string[]): Fragment {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw === '') return { kind: 'empty' };
  if (raw.startsWith('s=')) return { kind: 'link' };
  const text = safeDecode(raw);
  if (text === 'history') return { kind: 'history' };
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
