// Vite config for the page (root: web/). Both the dev server and `vite preview` send COOP/COEP,
// which makes the page cross-origin isolated: performance.now() then ticks at 5 us instead of
// 100 us, and the page shows which one it got.
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

export default defineConfig({
  root: __dirname,
  base: './',
  plugins: [nativeBench()],
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
