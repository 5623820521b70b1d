// Serves the built page (web/dist) with COOP/COEP and the native-bench endpoint, via Vite's
// preview server and the same config as development.
//
//   node scripts/serve.mjs [--native-bench quick|full]
//
// With --native-bench, the native CLI is built and benchmarked (scripts/native-bench.mjs --build)
// in the background once the page is served; the page shows the progress and picks the numbers
// up. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { preview } from 'vite';
import { repoRoot } from './lib/native-results.mjs';

const args = process.argv.slice(2);
const profile = args.includes('--native-bench') ? args[args.indexOf('--native-bench') + 1] : null;

const port = Number(process.env.PORT ?? 4173);
const server = await preview({
  configFile: join(repoRoot, 'web', 'vite.config.ts'),
  preview: { port, strictPort: false, host: process.env.HOST ?? '127.0.0.1' },
  logLevel: 'warn',
});
const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
console.log(`\nsimd-puzzles is running at ${url}\n(Ctrl-C stops it)\n`);

if (profile) {
  console.log('Building the native CLI and measuring native numbers in the background; the page picks them up as each puzzle finishes.');
  console.log('Browser timings taken meanwhile share the CPU with it: the page says so while it runs.\n');
  const bench = spawn(process.execPath, [join(repoRoot, 'scripts', 'native-bench.mjs'), '--profile', profile, '--build'], { stdio: 'inherit' });
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
