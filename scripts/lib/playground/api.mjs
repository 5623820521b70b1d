// The playground's HTTP endpoints (issue 31, docs/playground.md), mounted by web/vite.config.ts in
// the dev and preview servers beside /api/native-run, with the same rules on who may ask
// (lib/native-run.mjs, refusal: this machine, the server's own Host and Origin, JSON bodies):
//
//   GET    /api/playground                  {available, why?, slots, passes: {native, wasm}, limits}
//   POST   /api/playground/builds           {slot, source} -> 200 {id, state}  (a cached build: at once)
//                                           400/404/413 a bad request, 409 the queue is full,
//                                           503 nothing can be compiled here (why)
//   GET    /api/playground/builds/<id>[?wait=<ms>]  the build's state and steps (long-poll: answers
//                                           when it changes, or after min(ms, 25 s))
//   DELETE /api/playground/builds/<id>      Stop: kills its jail (and its sandboxed engine)
//   GET    /api/playground/builds/<id>/wasm/<simd128|relaxed|baseline>/simd-puzzles.{mjs,wasm}
//   GET    /api/playground/builds/<id>/listings/<build>.json
//
// Every refusal is JSON {error} a person can read; no answer carries a server path or a stack.
import { closeSync, createReadStream } from 'node:fs';
import { readJsonBody, refusalOf, send } from '../native-run.mjs';

export const PLAYGROUND_PATH = '/api/playground';
/** A source of 50 kB can take twice that as JSON (escaped quotes and newlines). */
export const MAX_BUILD_BODY = 256 * 1024;
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'same-origin' };
const TYPES = { mjs: 'text/javascript; charset=utf-8', wasm: 'application/wasm', json: 'application/json' };

const ROUTES = [
  { re: /^\/api\/playground$/, methods: ['GET'], name: 'info' },
  { re: /^\/api\/playground\/builds$/, methods: ['POST'], name: 'submit' },
  { re: /^\/api\/playground\/builds\/([^/]+)$/, methods: ['GET', 'DELETE'], name: 'build' },
  { re: /^\/api\/playground\/builds\/([^/]+)\/(wasm)\/([^/]+)\/([^/]+)$/, methods: ['GET', 'HEAD'], name: 'file' },
  { re: /^\/api\/playground\/builds\/([^/]+)\/(listings)\/([^/]+)$/, methods: ['GET', 'HEAD'], name: 'file' },
];

/** A Connect middleware for /api/playground* with `service` (a PlaygroundService). */
export function playgroundMiddleware(service) {
  const handle = async (req, res, path, route, match) => {
    const method = req.method ?? 'GET';
    if (!route.methods.includes(method)) return send(res, 405, { error: `this address answers ${route.methods.join(', ')}, not '${String(method).slice(0, 10)}'` }, { Allow: route.methods.join(', ') });
    const why = refusalOf(req, { changes: method === 'POST' || method === 'DELETE', what: 'playground builds' });
    if (why) return send(res, 403, { error: why });
    switch (route.name) {
      case 'info':
        return send(res, ...service.info());
      case 'submit': {
        const request = await readJsonBody(req, res, MAX_BUILD_BODY, `the request is larger than ${MAX_BUILD_BODY / 1024} KiB (a source may be 50 kB)`);
        if (request === undefined) return;
        return send(res, ...(await service.submit(request)));
      }
      case 'build': {
        const id = match[1];
        if (method === 'DELETE') return send(res, ...service.stop(id));
        const wait = new URL(req.url ?? '', 'http://server').searchParams.get('wait');
        if (wait !== null && !/^\d{1,6}$/.test(wait)) return send(res, 400, { error: 'wait must be a number of milliseconds' });
        return send(res, ...(await service.status(id, wait === null ? 0 : Number(wait))));
      }
      case 'file': {
        const [, id, kind, a, b] = match;
        const file = kind === 'wasm' ? service.openOutput(id, 'wasm', a, b) : service.openOutput(id, 'listings', null, a);
        if (!file) return send(res, 404, { error: 'no such file of this build' }, ISOLATION);
        const ext = (kind === 'wasm' ? b : a).split('.').pop();
        for (const [name, value] of Object.entries(ISOLATION)) res.setHeader(name, value);
        res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
        res.setHeader('Content-Length', String(file.size));
        // A build's files never change under its id (the id is a hash of everything it is made of).
        res.setHeader('Cache-Control', 'no-cache');
        if (method === 'HEAD') {
          closeSync(file.fd);
          return void res.end();
        }
        createReadStream('', { fd: file.fd }).on('error', () => res.destroy()).pipe(res);
        return;
      }
    }
  };
  return (req, res, next) => {
    const path = req.url?.split('?')[0] ?? '';
    if (path !== PLAYGROUND_PATH && !path.startsWith(`${PLAYGROUND_PATH}/`)) return next();
    const route = ROUTES.find((r) => r.re.test(path));
    if (!route) return send(res, 404, { error: 'no such playground address' });
    handle(req, res, path, route, route.re.exec(path)).catch((e) => {
      console.error(`${path.slice(0, 120)}:`, e);
      send(res, 500, { error: 'the server failed to answer this request (its terminal says why)' });
    });
  };
}
