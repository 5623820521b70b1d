// The failed tests of every layer with the end of what each printed, from the JUnit reports ctest
// and Vitest write (scripts/test.sh): `node failed-tests.mjs LINES report.junit.xml...`. The summary
// ends with it because CI keeps only the end of the output: a layer's own log tail shows ctest's
// list of failures, not why one failed.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [lines, ...reports] = process.argv.slice(2);
const decode = (s) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#10;/g, '\n').replace(/&amp;/g, '&');
const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

let failures = 0;
for (const report of reports) {
  if (!existsSync(report)) continue;
  const layer = basename(report, '.junit.xml');
  for (const [, tag, body = ''] of readFileSync(report, 'utf8').matchAll(/(<testcase\b[^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    // ctest marks a failure with status="fail"; Vitest with a <failure> element.
    if (attribute(tag, 'status') !== 'fail' && !/<failure\b/.test(body)) continue;
    failures++;
    const name = decode(attribute(tag, 'name') ?? '?');
    const classname = decode(attribute(tag, 'classname') ?? '');
    const message = /<failure\b[^>]*?message="([^"]*)"/.exec(body)?.[1];
    const texts = [...body.matchAll(/<(failure|system-out|system-err)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => decode(m[2].replace(/^<!\[CDATA\[|\]\]>$/g, '')));
    const said = texts.join('\n').trimEnd().split('\n');
    console.log(`failed in ${layer}: ${classname && classname !== name ? `${classname} > ${name}` : name}${message ? ` (${decode(message)})` : ''}`);
    for (const line of said.slice(-Number(lines))) console.log(`    ${line}`);
  }
}
if (failures) console.log(`${failures} failed test(s); whole logs in test-artifacts/layers/`);
