// Serves the built page (web/dist) with COOP/COEP and the native-bench endpoint, via Vite's
// preview server and the same config as development.
//
//   node scripts/serve.mjs [--native-bench quick|full] [--base-url URL]
//
// --base-url: the public address where the same page is hosted, for the links "Copy link" makes
// (scripts/site-address.mjs); without it links name the address the page was opened from.
// With --native-bench, the native CLI is built and benchmarked (scripts/native-bench.mjs --build)
// in the background once the page is served, and the cases measured on a shared CPU again once it
// is quiet (--remeasure); the page shows the progress and picks the numbers up. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { preview } from 'vite';
import { repoRoot } from './lib/native-results.mjs';
import { BASE_URL_ENV, parseBaseUrl } from './site-address.mjs';

let options;
try {
  options = parseArgs({ options: { 'native-bench': { type: 'string' }, 'base-url': { type: 'string' } } }).values;
} catch (e) {
  console.error(`serve: ${e.message} (npm start -- --base-url URL sets the address links name)`);
  process.exit(2);
}
const profile = options['native-bench'] ?? null;
if (options['base-url'] !== undefined) {
  const baseUrl = parseBaseUrl(options['base-url']);
  if (baseUrl instanceof Error) {
    console.error(`serve: ${baseUrl.message}`);
    process.exit(2);
  }
  process.env[BASE_URL_ENV] = baseUrl; // read by the server's api/site.json (web/vite.config.ts)
}

const port = Number(process.env.PORT ?? 4173);
const server = await preview({
  configFile: join(repoRoot, 'web', 'vite.config.ts'),
  preview: { port, strictPort: false, host: process.env.HOST ?? '127.0.0.1' },
  logLevel: 'warn',
});
const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
console.log(`\nsimd-puzzles is running at ${url}\n(Ctrl-C stops it)\n`);
if (process.env[BASE_URL_ENV]) console.log(`Links made with Copy link name ${process.env[BASE_URL_ENV]}\n`);

if (profile) {
  console.log('Building the native CLI and measuring native numbers in the background; the page picks them up as each puzzle finishes.');
  console.log('Browser timings taken meanwhile share the CPU with it: the page says so while it runs.\n');
  const bench = spawn(process.execPath, [join(repoRoot, 'scripts', 'native-bench.mjs'), '--profile', profile, '--build', '--remeasure'], { stdio: 'inherit' });
  const stop = () => {
    bench.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  bench.on('close', (code) => {
    if (code === 0) console.log(`\nsimd-puzzles is running at ${url}`);
  });
}
