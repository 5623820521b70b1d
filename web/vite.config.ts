// Vite config for the page (root: web/). Both the dev server and `vite preview` send COOP/COEP,
// which makes the page cross-origin isolated: performance.now() then ticks at 5 us instead of
// 100 us, and the page shows which one it got.
import { createReadStream, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vite';
// @ts-expect-error: plain ESM helper shared with the start script
import { nativeBenchResponse } from '../scripts/lib/native-results.mjs';

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

// Serves the native benchmark written by `npm start`, read fresh on every request.
function nativeBench(): Plugin {
  const handler: Connect.NextHandleFunction = (req, res, next) => {
    if (req.url?.split('?')[0] !== '/api/native-bench.json') return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(nativeBenchResponse()));
  };
  return {
    name: 'simd-puzzles-native-bench',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

// Stockfish.js (npm `stockfish`, GPL-3.0) is a separate program the chess page runs in a worker of
// its own: served as installed from node_modules at /peers/stockfish/, never imported, so no build
// copies it into the page's bundle. Only the files the page loads (and the licence) are served;
// without the package the request is a 404 and the page says Stockfish.js is unavailable.
const STOCKFISH_DIR = fileURLToPath(new URL('../node_modules/stockfish/', import.meta.url));
const STOCKFISH_FILES: Record<string, { path: string; type: string }> = {
  'stockfish-19-lite-single.js': { path: 'bin/stockfish-19-lite-single.js', type: 'text/javascript' },
  'stockfish-19-lite-single.wasm': { path: 'bin/stockfish-19-lite-single.wasm', type: 'application/wasm' },
  'Copying.txt': { path: 'Copying.txt', type: 'text/plain; charset=utf-8' },
};

function stockfishPeer(): Plugin {
  const handler: Connect.NextHandleFunction = (req, res, next) => {
    const match = /\/peers\/stockfish\/([^/?#]+)$/.exec(req.url?.split('?')[0] ?? '');
    if (!match) return next();
    const file = STOCKFISH_FILES[match[1]!];
    let size = -1;
    try {
      if (file) size = statSync(STOCKFISH_DIR + file.path).size;
    } catch {
      size = -1;
    }
    for (const [name, value] of Object.entries(isolation)) res.setHeader(name, value);
    if (!file || size < 0) {
      res.statusCode = 404;
      res.end('not installed');
      return;
    }
    res.setHeader('Content-Type', file.type);
    res.setHeader('Content-Length', String(size));
    res.setHeader('Cache-Control', 'no-cache');
    if (req.method === 'HEAD') return void res.end();
    createReadStream(STOCKFISH_DIR + file.path).pipe(res);
  };
  return {
    name: 'simd-puzzles-stockfish-peer',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

export default defineConfig({
  root: __dirname,
  base: './',
  plugins: [nativeBench(), stockfishPeer()],
  // The Emscripten builds live outside the page's root, as build products of wasm-build/.
  resolve: { alias: { '@wasm': fileURLToPath(new URL('../wasm-build/out', import.meta.url)) } },
  server: { headers: isolation, fs: { allow: ['..'] } },
  preview: { headers: isolation },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        bench: fileURLToPath(new URL('bench.html', import.meta.url)), // npm run bench:compare
      },
      // zod ships /* @__PURE__ */ comments in places Rollup ignores; harmless, and not ours.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
