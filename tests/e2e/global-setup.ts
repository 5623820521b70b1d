// Serves web/dist with the project's Vite config (COOP/COEP, native-bench endpoint) on a free
// port for the e2e tests.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { preview, type PreviewServer } from 'vite';

let server: PreviewServer | undefined;

export async function setup(project: TestProject) {
  const dist = fileURLToPath(new URL('../../web/dist/index.html', import.meta.url));
  if (!existsSync(dist)) throw new Error('web/dist is missing: build the page first (npm run build:web)');
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
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
