// Vite config for the page (root: web/). Both the dev server and `vite preview` send COOP/COEP,
// which makes the page cross-origin isolated: performance.now() then ticks at 5 us instead of
// 100 us, and the page shows which one it got.
import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

// The instruction listings (scripts/build-listings.mjs writes build/listings/<build>.json from the
// built binaries): served from there as they are, so a listing made after the page was built (the
// native CLI builds behind the page in `npm start`) reaches it without a rebuild, and copied into
// web/dist by a page build, for a copy of the page served elsewhere.
const LISTINGS_DIR = fileURLToPath(new URL('../build/listings/', import.meta.url));
const OUT_DIR = fileURLToPath(new URL('./dist/', import.meta.url));
function listings(): Plugin {
  const handler: Connect.NextHandleFunction = (req, res, next) => {
    const match = /\/listings\/(x86-64|aarch64|simd128|baseline)\.json$/.exec(req.url?.split('?')[0] ?? '');
    if (!match) return next();
    const file = `${LISTINGS_DIR}${match[1]}.json`;
    for (const [name, value] of Object.entries(isolation)) res.setHeader(name, value);
    if (!existsSync(file)) return next();  // web/dist's copy, if the page build had one, or 404
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    createReadStream(file).pipe(res);
  };
  return {
    name: 'simd-puzzles-listings',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
    closeBundle() {
      if (!existsSync(LISTINGS_DIR)) return;
      mkdirSync(`${OUT_DIR}listings`, { recursive: true });
      for (const name of readdirSync(LISTINGS_DIR).filter((n) => n.endsWith('.json')))
        copyFileSync(`${LISTINGS_DIR}${name}`, `${OUT_DIR}listings/${name}`);
    },
  };
}

// A peer program (chess: Stockfish.js, npm `stockfish`, GPL-3.0) is a separate program the page
// runs in a worker of its own: served as installed from node_modules, never imported, so no build
// copies it into the page's bundle. Each peer declares what it needs in
// web/src/peers/<name>.serve.json: the package, the URL folder, and each file served (its path in
// the package and its type; only those, and the licence). Without the package the request is a
// 404 and the page says the peer is unavailable.
interface PeerFiles {
  package: string;
  url: string;
  files: Record<string, { path: string; type: string }>;
}

const PEERS_DIR = fileURLToPath(new URL('./src/peers/', import.meta.url));
const NODE_MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));

function peerFiles(): Plugin {
  const declared: PeerFiles[] = readdirSync(PEERS_DIR)
    .filter((name) => name.endsWith('.serve.json'))
    .map((name) => JSON.parse(readFileSync(PEERS_DIR + name, 'utf8')) as PeerFiles);
  const handler: Connect.NextHandleFunction = (req, res, next) => {
    const path = req.url?.split('?')[0] ?? '';
    const peer = declared.find((p) => path.includes(`/${p.url}`));
    const match = peer && new RegExp(`/${peer.url}([^/?#]+)$`).exec(path);
    if (!peer || !match) return next();
    const file = peer.files[match[1]!];
    const full = file && `${NODE_MODULES}${peer.package}/${file.path}`;
    let size = -1;
    try {
      if (full) size = statSync(full).size;
    } catch {
      size = -1;
    }
    for (const [name, value] of Object.entries(isolation)) res.setHeader(name, value);
    if (!file || !full || size < 0) {
      res.statusCode = 404;
      res.end('not installed');
      return;
    }
    res.setHeader('Content-Type', file.type);
    res.setHeader('Content-Length', String(size));
    res.setHeader('Cache-Control', 'no-cache');
    if (req.method === 'HEAD') return void res.end();
    createReadStream(full).pipe(res);
  };
  return {
    name: 'simd-puzzles-peer-files',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

export default defineConfig({
  root: __dirname,
  base: './',
  plugins: [nativeBench(), peerFiles(), listings()],
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
