// Vite config for the page (root: web/). Both the dev server and `vite preview` send COOP/COEP,
// which makes the page cross-origin isolated: performance.now() then ticks at 5 us instead of
// 100 us, and the page shows which one it got. A static host that sends no headers gets the same
// from web/public/coi-sw.js (a service worker, app/isolation.ts); web/public/_headers asks the
// hosts that read it. Paths are relative (base './'): the built site works under any sub-path.
// CORS is off in both servers: Vite's default answers every localhost origin on any port, so a page
// served on another port could read the api/ answers; nothing here is meant for another origin.
// Every handler of ours answers an error as JSON without details (guarded): no stack trace and no
// server path reaches a page.
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
// @ts-expect-error: plain ESM helper, tested on its own (tests/web/native-run.test.ts)
import { NativeRunner, nativeRunMiddleware } from '../scripts/lib/native-run.mjs';
// @ts-expect-error: plain ESM helpers, tested on their own (tests/web/playground-*.test.ts)
import { PlaygroundService } from '../scripts/lib/playground/compile.mjs';
// @ts-expect-error: plain ESM helper
import { PlaygroundEngines } from '../scripts/lib/playground/engines.mjs';
// @ts-expect-error: plain ESM helper
import { playgroundMiddleware } from '../scripts/lib/playground/api.mjs';

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

// A handler that throws answers 500 with a sentence; the details go to the terminal only.
function guarded(name: string, handler: Connect.NextHandleFunction): Connect.NextHandleFunction {
  return (req, res, next) => {
    try {
      handler(req, res, next);
    } catch (e) {
      console.error(`${name}:`, e);
      if (res.headersSent) return void res.destroy();
      res.statusCode = 500;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ error: 'the server failed to answer this request (its terminal says why)' }));
    }
  };
}

// A file sent as it is; a read error ends the answer instead of reaching Vite's error page.
function sendFile(res: import('node:http').ServerResponse, file: string) {
  createReadStream(file)
    .on('error', () => (res.headersSent ? res.destroy() : ((res.statusCode = 404), res.end())))
    .pipe(res);
}

// Serves the native benchmark written by `npm start`, read fresh on every request.
function nativeBench(): Plugin {
  const handler = guarded('native-bench', (req, res, next) => {
    if (req.url?.split('?')[0] !== '/api/native-bench.json') return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(nativeBenchResponse()));
  });
  return {
    name: 'simd-puzzles-native-bench',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

// "Measure natively now" and the CPU counters: the resident native engine (one process per
// server, killed with it) measures the case on screen for the page on this machine only
// (scripts/lib/native-run.mjs says who may ask, what it may ask, and how a run is bounded).
// The playground (issue 31, docs/playground.md): builds of a user's kernel in the compile jail
// (scripts/lib/playground/compile.mjs), and native runs of a build (a request with "playground")
// in that build's engine in the run jail (engines.mjs), through the same runner: one run at a time.
function nativeRun(): Plugin {
  const attach = (server: { middlewares: Connect.Server; httpServer: { on(event: 'close', fn: () => void): unknown } | null }) => {
    const engines = new PlaygroundEngines({ binaryOf: (id: string) => service.nativeBinary(id) });
    const service = new PlaygroundService({ onStop: (id: string) => engines.drop(id) });
    const runner = new NativeRunner({ playground: engines, compiling: () => service.compiling() });
    server.httpServer?.on('close', () => {
      runner.close();
      service.close();
    });
    server.middlewares.use(guarded('native-run', nativeRunMiddleware(runner)));
    server.middlewares.use(guarded('playground', playgroundMiddleware(service)));
  };
  return {
    name: 'simd-puzzles-native-run',
    configureServer: (server) => attach(server),
    configurePreviewServer: (server) => attach(server),
  };
}

// The built page's assets carry a hash of their content in their names (assets/main-BgeMVB-D.js),
// so a browser may keep them for good: every worker loads the wasm module, and with Vite's
// 'no-cache' each one asked the server again (one module was sent three times per load).
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

function cachedAssets(): Plugin {
  const handler = guarded('cached-assets', (req, res, next) => {
    if (HASHED_ASSET.test(req.url?.split('?')[0] ?? '')) {
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'cache-control' ? 'public, max-age=31536000, immutable' : value);
    }
    next();
  });
  return { name: 'simd-puzzles-cached-assets', configurePreviewServer: (server) => void server.middlewares.use(handler) };
}

// The instruction listings (scripts/build-listings.mjs writes build/listings/<build>.json from the
// built binaries): served from there as they are, so a listing made after the page was built (the
// native CLI builds behind the page in `npm start`) reaches it without a rebuild. A page build
// copies them into the site (scripts/site-files.ts).
function listings(): Plugin {
  const handler = guarded('listings', (req, res, next) => {
    const file = listingFileFor(req.url?.split('?')[0] ?? '');
    if (!file) return next();  // not a listing, or none built here: web/dist's copy, or a 404
    for (const [name, value] of Object.entries(isolation)) res.setHeader(name, value);
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-cache');
    sendFile(res, file);
  });
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
  const handler = guarded('peer-files', (req, res, next) => {
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
    sendFile(res, file.full);
  });
  return {
    name: 'simd-puzzles-peer-files',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

// The public address for links made on a page `npm start` serves (`--base-url`), at api/site.json.
function siteAddress(): Plugin {
  const handler = guarded('site-address', (req, res, next) => {
    if (!req.url?.split('?')[0]!.endsWith('/api/site.json')) return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(siteResponse()));
  });
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
  plugins: [nativeBench(), nativeRun(), peerFiles(), siteAddress(), siteFiles(), listings(), cachedAssets()],
  // The Emscripten builds live outside the page's root, as build products of wasm-build/.
  resolve: { alias: { '@wasm': fileURLToPath(new URL('../wasm-build/out', import.meta.url)) } },
  server: { headers: isolation, cors: false, fs: { allow: ['..'] } },
  preview: { headers: isolation, cors: false },
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
