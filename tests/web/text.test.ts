import { expect, it } from 'vitest';
import { wellFormed } from '../../web/src/share/text';

it('replaces lone surrogates and keeps valid pairs', () => {
  expect(wellFormed('R U')).toBe('R U');
  expect(wellFormed('a\uD800b')).toBe('a\uFFFDb');
  expect(wellFormed('\uDC00x')).toBe('\uFFFDx');
  expect(wellFormed('end\uD83D')).toBe('end\uFFFD');
  expect(wellFormed('queen \u265B, smile \uD83D\uDE00')).toBe('queen \u265B, smile \uD83D\uDE00');
  // and the result survives the engine's JSON parser: no lone-surrogate escapes left
  expect(JSON.stringify(wellFormed('x\uD800'))).not.toMatch(/\\ud800/i);
});
