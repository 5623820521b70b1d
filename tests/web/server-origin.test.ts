// The page's servers (web/vite.config.ts: `npm run dev`'s Vite server and `npm start`'s preview
// server) answer no other origin: CORS is off, so a page served on another port of this machine
// can read nothing from them (issue 28, finding 4), and a preflight is granted nothing. And a URL
// that names no file (a prototype key as a peer's file name) is a 404, never a 500 with a stack
// trace naming the server's paths (finding 3). The browser's side of it: tests/e2e/native-now.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { declaredPeers, peerFileFor } from '../../scripts/site-files';

const configFile = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));
const OTHER_ORIGIN = 'http://127.0.0.1:8765';
const LEAK = /\bat [\w.<>]+ \(|\/work\/|\/home\/|\/root\/|node_modules|\.mjs\b/;

function ask(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));

/** What every server of the page must hold to, on `port`. */
function holds(port: () => number) {
  it('lets no other origin read the API: no Access-Control-Allow-Origin, and no preflight granted', async () => {
    for (const path of ['/api/native-bench.json', '/api/native-run', '/api/cpu-load', '/api/site.json']) {
      const read = await ask(port(), 'GET', path, { Origin: OTHER_ORIGIN });
      expect(corsHeaders(read.headers), `GET ${path}`).toEqual([]);
      const preflight = await ask(port(), 'OPTIONS', path, { Origin: OTHER_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' });
      expect(corsHeaders(preflight.headers), `OPTIONS ${path}`).toEqual([]);
      expect(preflight.status, `OPTIONS ${path}`).not.toBe(204);
    }
    // And the native endpoints refuse it outright.
    expect((await ask(port(), 'GET', '/api/native-run', { Origin: OTHER_ORIGIN })).status).toBe(403);
  });

  it('answers a peer URL naming a prototype key with a 404, no stack trace, no server path', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const answer = await ask(port(), 'GET', `/peers/stockfish/${name}`);
      expect(answer.status, name).toBe(404);
      expect(answer.text, name).not.toMatch(LEAK);
    }
  });
}

describe('npm run dev’s server (Vite dev, the project’s config)', () => {
  let server: ViteDevServer;
  beforeAll(async () => {
    server = await createServer({ configFile, logLevel: 'silent', server: { port: 0, host: '127.0.0.1', strictPort: false }, optimizeDeps: { noDiscovery: true, include: [] } });
    await server.listen();
  });
  afterAll(async () => {
    await server?.close();
  });
  holds(() => (server.httpServer!.address() as { port: number }).port);
});

describe('npm start’s server (Vite preview, the project’s config)', () => {
  let server: PreviewServer;
  let dist: string;
  beforeAll(async () => {
    // The preview serves a built page; an empty one is enough for the API and the peers.
    dist = mkdtempSync(join(tmpdir(), 'sp-preview-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>page</title>');
    server = await preview({ configFile, logLevel: 'silent', preview: { port: 0, host: '127.0.0.1' }, build: { outDir: dist } });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.httpServer.close(() => resolve()) : resolve()));
    rmSync(dist, { recursive: true, force: true });
  });
  holds(() => (server.httpServer.address() as { port: number }).port);
});

describe('peer files by URL', () => {
  it('finds only the files a peer declares, never a prototype key', () => {
    const peers = declaredPeers();
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(peerFileFor(peers, `/peers/stockfish/${name}`)).toBeNull();
    expect(peerFileFor(peers, '/index.html')).toBe('not-declared');
  });
});
