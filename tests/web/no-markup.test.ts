// The page never turns data into markup or code: no innerHTML and friends anywhere in web/src,
// so text from a share link or an imported file can only ever be text.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../web/src', import.meta.url));
const sinks = /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|srcdoc|eval\s*\(|new Function\s*\(|setTimeout\s*\(\s*['"`]|createContextualFragment)/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|js)$/.test(name) ? [path] : [];
  });
}

it('web/src has no HTML or code sinks', () => {
  const offenders = files(root).filter((f) => sinks.test(readFileSync(f, 'utf8').replace(/^\s*\/\/.*$/gm, '')));
  expect(offenders).toEqual([]);
});
