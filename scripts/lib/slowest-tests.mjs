// The slowest tests of each test layer, from the JUnit reports ctest and Vitest write
// (scripts/test.sh): `node slowest-tests.mjs N report.junit.xml...`. A layer without a report
// (a build that failed, the fuzz and types layers) is left out.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

const [count, ...reports] = process.argv.slice(2);
const decode = (s) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

for (const report of reports) {
  if (!existsSync(report)) continue;
  const tests = [];
  for (const [attributes] of readFileSync(report, 'utf8').matchAll(/<testcase\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(attributes)?.[1];
    const classname = /\sclassname="([^"]*)"/.exec(attributes)?.[1];
    const time = Number(/\stime="([^"]*)"/.exec(attributes)?.[1]);
    if (name && Number.isFinite(time)) tests.push({ name: decode(classname && classname !== name ? `${classname} > ${name}` : name), time });
  }
  tests.sort((a, b) => b.time - a.time);
  console.log(`slowest in ${basename(report, '.junit.xml')} (${tests.length} tests):`);
  for (const t of tests.slice(0, Number(count))) console.log(`  ${t.time.toFixed(1).padStart(7)} s  ${t.name}`);
}
