// Serves web/dist with the project's Vite config (COOP/COEP, native-bench endpoint) on a free
// port for the e2e tests.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { preview, type PreviewServer } from 'vite';

let server: PreviewServer | undefined;
let nativeResults: string | undefined;

export async function setup(project: TestProject) {
  const dist = fileURLToPath(new URL('../../web/dist/index.html', import.meta.url));
  if (!existsSync(dist)) throw new Error('web/dist is missing: build the page first (npm run build:web)');
  // The server's native results come from an empty folder of this run's, not build/: a benchmark
  // `npm start` left there would change what every test sees (tests serve their own numbers).
  nativeResults = mkdtempSync(join(tmpdir(), 'simd-puzzles-e2e-native-'));
  process.env.SP_NATIVE_RESULTS_DIR = nativeResults;
  server = await preview({
    configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)),
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'warn',
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}/`);
}

export async function teardown() {
  await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()) ?? resolve());
  if (nativeResults) rmSync(nativeResults, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
