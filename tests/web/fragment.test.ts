import { expect, it } from 'vitest';
import { readFragment } from '../../web/src/app/fragment';

const ids = ['cube', 'nqueens', 'popcount'];

it('reads puzzles, links and the empty fragment', () => {
  expect(readFragment('', ids)).toEqual({ kind: 'empty' });
  expect(readFragment('#', ids)).toEqual({ kind: 'empty' });
  expect(readFragment('#cube', ids)).toEqual({ kind: 'puzzle', id: 'cube' });
  expect(readFragment('#s=1.abc', ids)).toEqual({ kind: 'link' });
  expect(readFragment('#%63ube', ids)).toEqual({ kind: 'puzzle', id: 'cube' });
});

it('never throws on malformed percent escapes and reports them as typed', () => {
  for (const hash of ['#100%', '#%', '#%E0%A4%A', '#%ZZ', '#%uD800', '#\u202Ecube'])
    expect(readFragment(hash, ids)).toEqual({ kind: 'unknown', text: hash.slice(1) });
  expect(readFragment('#chess', ids)).toEqual({ kind: 'unknown', text: 'chess' });
});
