// Serves the built page (web/dist) with COOP/COEP and the native-bench endpoint, via Vite's
// preview server and the same config as development.
import { preview } from 'vite';
import { join } from 'node:path';
import { repoRoot } from './lib/native-results.mjs';

const port = Number(process.env.PORT ?? 4173);
const server = await preview({
  configFile: join(repoRoot, 'web', 'vite.config.ts'),
  preview: { port, strictPort: false, host: process.env.HOST ?? '127.0.0.1' },
  logLevel: 'warn',
});
const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
console.log(`\nsimd-puzzles is running at ${url}\n(Ctrl-C stops it)`);
