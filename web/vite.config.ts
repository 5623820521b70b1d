// Vite config for the page (root: web/). Both the dev server and `vite preview` send COOP/COEP,
// which makes the page cross-origin isolated: performance.now() then ticks at 5 us instead of
// 100 us, and the page shows which one it got. A static host that sends no headers gets the same
// from web/public/coi-sw.js (a service worker, app/isolation.ts); web/public/_headers asks the
// hosts that read it. Paths are relative (base './'): the built site works under any sub-path.
import { createReadStream, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vite';
// @ts-expect-error: plain ESM helper shared with the start script
import { nativeBenchResponse } from '../scripts/lib/native-results.mjs';
// @ts-expect-error: plain ESM helper shared with the start script
import { siteResponse } from '../scripts/site-address.mjs';
import { copySiteFiles, declaredPeers, listingFileFor, peerFileFor } from '../scripts/site-files';

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
// native CLI builds behind the page in `npm start`) reaches it without a rebuild. A page build
// copies them into the site (scripts/site-files.ts).
function listings(): Plugin {
  const handler: Connect.NextHandleFunction = (req, res, next) => {
    const file = listingFileFor(req.url?.split('?')[0] ?? '');
    if (!file) return next();  // not a listing, or none built here: web/dist's copy, or a 404
    for (const [name, value] of Object.entries(isolation)) res.setHeader(name, value);
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    createReadStream(file).pipe(res);
  };
  return {
    name: 'simd-puzzles-listings',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

// Peer programs (web/src/peers/<name>.serve.json, e.g. Stockfish.js, GPL-3.0) are separate
// programs the page runs in a worker of their own: served as installed from node_modules, never
// imported, so no build bundles them (scripts/site-files.ts says which files; the static site
// ships them only where their licence lets it). Without the package the request is a 404 and the
// page says the peer is unavailable.
function peerFiles(): Plugin {
  const declared = declaredPeers();
  const handler: Connect.NextHandleFunction = (req, res, next) => {
    const file = peerFileFor(declared, req.url?.split('?')[0] ?? '');
    if (file === 'not-declared') return next();
    for (const [name, value] of Object.entries(isolation)) res.setHeader(name, value);
    if (!file) {
      res.statusCode = 404;
      res.end('not installed');
      return;
    }
    res.setHeader('Content-Type', file.type);
    res.setHeader('Content-Length', String(statSync(file.full).size));
    res.setHeader('Cache-Control', 'no-cache');
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file.full).pipe(res);
  };
  return {
    name: 'simd-puzzles-peer-files',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

// The public address for links made on a page `npm start` serves (`--base-url`), at api/site.json.
function siteAddress(): Plugin {
  const handler: Connect.NextHandleFunction = (req, res, next) => {
    if (!req.url?.split('?')[0]!.endsWith('/api/site.json')) return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(siteResponse()));
  };
  return {
    name: 'simd-puzzles-site-address',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

// `npm run build` (scripts/build-site.sh) makes web/dist a static site: it asks, through these
// variables, for a shipped native report and for the peers whose licence wants an opt-in. A plain
// `vite build` (npm start, npm test) copies the licences and whatever it is given.
function siteFiles(): Plugin {
  let outDir = '';
  return {
    name: 'simd-puzzles-site-files',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle() {
      const said = copySiteFiles(resolve(__dirname, outDir), {
        withOptInPeers: process.env.SP_SITE_WITH_OPT_IN_PEERS === '1',
        nativeReport: process.env.SP_SITE_NATIVE_REPORT || null,
      });
      if (process.env.SP_SITE_VERBOSE === '1') for (const line of said) console.log(`site: ${line}`);
    },
  };
}

export default defineConfig({
  root: __dirname,
  base: './',
  plugins: [nativeBench(), peerFiles(), siteAddress(), siteFiles(), listings()],
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
