// The files the page needs besides its own bundle, in one place: what the servers (`npm start`,
// `npm run dev`, web/vite.config.ts) serve and what `npm run build` (scripts/build-site.sh) copies
// into the static site, so the two never disagree.
//
// - Peer programs (web/src/peers/<name>.serve.json): separate programs the page runs in a worker of
//   their own, never bundled. The servers serve them as installed in node_modules. The static site
//   ships one only where its licence lets us: a GPL peer (Stockfish.js) only when the builder opts
//   in (`--with-stockfish`), and then with its licence and where its source is, beside it.
// - Licences of the packages bundled into the page (the page's own is MIT), in licenses/.
// - The shipped native report (native-report.json): native numbers measured on the builder's
//   machine, which the page shows, labelled as such, when no server measures its own.
// - The instruction listings (build/listings/<build>.json, scripts/build-listings.mjs): the
//   servers serve them from there, fresh; the site ships those built so far in listings/.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHIPPED_REPORT } from '../web/src/share/site';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const PEERS_DIR = join(repoRoot, 'web', 'src', 'peers');
const NODE_MODULES = join(repoRoot, 'node_modules');


/** A peer program's declaration (web/src/peers/<name>.serve.json). */
export interface PeerFiles {
  package: string;
  /** The URL folder, relative to the page ("peers/stockfish/"). */
  url: string;
  files: Record<string, { path: string; type: string }>;
  /** SPDX id. A GPL peer is shipped in a static site only when the builder opts in. */
  license: string;
  /** Where the program's corresponding source is (shipped beside it when it is shipped). */
  source: string;
  /** The build-site option that ships it, when its licence asks for an opt-in. */
  optIn?: string;
}

export function declaredPeers(): PeerFiles[] {
  return readdirSync(PEERS_DIR)
    .filter((name) => name.endsWith('.serve.json'))
    .map((name) => JSON.parse(readFileSync(join(PEERS_DIR, name), 'utf8')) as PeerFiles);
}

/** The installed file a peer URL names, null when the peer does not have it (or it is not
 * installed), 'not-declared' when the URL is not a peer's. `path` is the request path (any
 * sub-path before the peer's folder is allowed). The file name comes from the URL: it is looked up
 * among the declaration's own keys only (`constructor`, `__proto__` are no file of any peer). */
export function peerFileFor(peers: readonly PeerFiles[], path: string): { full: string; type: string } | null | 'not-declared' {
  const peer = peers.find((p) => path.includes(`/${p.url}`));
  const match = peer && new RegExp(`/${peer.url}([^/?#]+)$`).exec(path);
  if (!peer || !match) return 'not-declared';
  const name = match[1]!;
  const file = Object.hasOwn(peer.files, name) ? peer.files[name] : undefined;
  if (!file || typeof file.path !== 'string') return null;
  const full = join(NODE_MODULES, peer.package, file.path);
  return existsSync(full) ? { full, type: file.type } : null;
}

const LISTINGS_DIR = join(repoRoot, 'build', 'listings');

/** The listing file a URL names, if it names one and it has been built (`path`: the request path,
 * any sub-path before listings/ allowed); also the AArch64 listing's status while npm start makes
 * it (aarch64.status.json, scripts/aarch64-listing.mjs; never copied into a site). */
export function listingFileFor(path: string): string | null {
  const match = /\/listings\/(x86-64|aarch64|simd128|relaxed|baseline|aarch64\.status)\.json$/.exec(path);
  const file = match && join(LISTINGS_DIR, `${match[1]}.json`);
  return file && existsSync(file) ? file : null;
}

/** The packages bundled into the page whose licences ship with the site (licenses/<name>.txt). */
const BUNDLED_PACKAGES = ['chart.js', 'chess.js', 'wasm-feature-detect', 'zod'];

function licenceFileOf(dir: string): string | null {
  const name = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
  return name ? join(dir, name) : null;
}

export interface SiteOptions {
  /** Ship the peers whose licence asks for an opt-in (`--with-stockfish`). */
  withOptInPeers: boolean;
  /** A native report to ship as native-report.json, or null for none. */
  nativeReport: string | null;
}

/** Copies what the static site needs besides the bundle into `outDir`; returns what it did, in
 * lines for the build's output. Throws when something asked for is missing. */
export function copySiteFiles(outDir: string, options: SiteOptions): string[] {
  const said: string[] = [];
  const licences = join(outDir, 'licenses');
  mkdirSync(licences, { recursive: true });
  copyFileSync(join(repoRoot, 'LICENSE'), join(licences, 'simd-puzzles.txt'));
  for (const name of BUNDLED_PACKAGES) {
    const file = licenceFileOf(join(NODE_MODULES, name));
    if (!file) throw new Error(`site: node_modules/${name} has no licence file to ship`);
    copyFileSync(file, join(licences, `${name}.txt`));
  }
  said.push(`licences of the page and its bundled packages in licenses/`);

  for (const peer of declaredPeers()) {
    if (peer.optIn && !options.withOptInPeers) {
      said.push(`${peer.package} (${peer.license}) left out: ${peer.optIn} ships it with its licence and source`);
      continue;
    }
    const dir = join(outDir, peer.url);
    mkdirSync(dir, { recursive: true });
    for (const [name, file] of Object.entries(peer.files)) {
      const from = join(NODE_MODULES, peer.package, file.path);
      if (!existsSync(from)) throw new Error(`site: ${from} is missing (npm install puts the package ${peer.package} there)`);
      copyFileSync(from, join(dir, name));
    }
    const version = (JSON.parse(readFileSync(join(NODE_MODULES, peer.package, 'package.json'), 'utf8')) as { version: string }).version;
    writeFileSync(join(dir, 'SOURCE.txt'), [
      `${peer.package} ${version} (npm), ${peer.license}: a separate program this page runs in a worker of its own.`,
      `Its licence is in this folder; its corresponding source is at ${peer.source} (version ${version}).`,
      '',
    ].join('\n'));
    said.push(`${peer.package} ${version} (${peer.license}) in ${peer.url}, with its licence and SOURCE.txt`);
  }

  const listings = existsSync(LISTINGS_DIR) ? readdirSync(LISTINGS_DIR).filter((n) => /^[\w-]+\.json$/.test(n)) : [];
  if (listings.length) {
    mkdirSync(join(outDir, 'listings'), { recursive: true });
    for (const name of listings) copyFileSync(join(LISTINGS_DIR, name), join(outDir, 'listings', name));
    said.push(`instruction listings in listings/: ${listings.map((n) => n.replace('.json', '')).join(', ')}`);
  } else {
    said.push('no instruction listings (node scripts/build-listings.mjs makes them from the builds)');
  }

  if (options.nativeReport) {
    // The page re-checks every record like any report; here only what makes it a report at all.
    const report = JSON.parse(readFileSync(options.nativeReport, 'utf8')) as { schema?: string; environment?: { side?: string; cpu?: string }; records?: unknown[] };
    if (report.environment?.side !== 'native' || !report.environment.cpu || !Array.isArray(report.records) || !report.records.length)
      throw new Error(`site: ${options.nativeReport} is not a native report with results and a CPU (simd-puzzles bench --json FILE writes one)`);
    copyFileSync(options.nativeReport, join(outDir, SHIPPED_REPORT));
    said.push(`${SHIPPED_REPORT}: ${report.records.length} native results measured on ${report.environment.cpu}`);
  } else {
    said.push(`no ${SHIPPED_REPORT}: the page shows native numbers only when a visitor imports them`);
  }
  return said;
}
