// Share links: the page state in the URL fragment, `#s=<version>.<payload>`, where the payload
// is base64url(deflate-raw(JSON)). The platform's CompressionStream does the deflating; no server
// ever sees the fragment.
//
// A link is untrusted input. Decoding checks, in order: the version (a newer one gets its own
// message), the size and alphabet of the payload, the decompressed size (a deflate bomb stops at
// the cap), UTF-8, JSON, and finally the schema. The result is data to render as text, never
// markup or code.
import { describeIssue, ForbiddenKey, LinkStateSchema, parseUntrustedJson, SuiteLinkStateSchema, type LinkState, type SuiteLinkState } from './schema';

export const LINK_VERSION = 1;
export const MAX_FRAGMENT_CHARS = 32_768;
export const MAX_JSON_BYTES = 262_144;

export type DecodeResult =
  | { kind: 'none' } // not a share link (plain navigation)
  | { kind: 'ok'; state: LinkState }
  | { kind: 'suite'; state: SuiteLinkState } // a suite's scoreboard (a `suite` key instead of a puzzle)
  | { kind: 'error'; message: string };

export async function encodeLink(state: LinkState | SuiteLinkState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  const packed = await pipe(json, new CompressionStream('deflate-raw'), Infinity);
  return `s=${LINK_VERSION}.${toBase64Url(packed)}`;
}

/**
 * Encodes the state made from `records` so that the fragment fits in `maxChars` (what a viewer's
 * page accepts): while it is too long, the case of the last record (records come most recent case
 * first) is left out whole. Returns the fragment, the records kept and how many were left out.
 */
export async function encodeLinkWithin<R extends { case_key?: string | undefined }>(
  records: readonly R[],
  stateWith: (kept: R[]) => LinkState | SuiteLinkState,
  maxChars = MAX_FRAGMENT_CHARS,
): Promise<{ fragment: string; kept: R[]; leftOut: number }> {
  let kept = [...records];
  let fragment = await encodeLink(stateWith(kept));
  while (fragment.length > maxChars && kept.length) {
    const lastCase = kept[kept.length - 1]!.case_key;
    const fewer = kept.filter((r) => r.case_key !== lastCase);
    kept = fewer;
    fragment = await encodeLink(stateWith(kept));
  }
  return { fragment, kept, leftOut: records.length - kept.length };
}

export async function decodeLink(fragment: string): Promise<DecodeResult> {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!text.startsWith('s=')) return { kind: 'none' };
  if (text.length > MAX_FRAGMENT_CHARS) return fail('this link is too long to be one of ours');

  const match = /^s=(\d{1,6})\.(.*)$/s.exec(text);
  if (!match) return fail('this link is not in the simd-puzzles format (expected #s=<version>.<data>)');
  const version = Number(match[1]);
  if (version > LINK_VERSION)
    return fail(`this link was made by a newer simd-puzzles (link version ${version}); this page reads version ${LINK_VERSION}`);
  if (version !== LINK_VERSION) return fail(`unknown link version ${version}`);

  const payload = match[2] ?? '';
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return fail('the link data contains characters a link of ours never has');
  const bytes = fromBase64Url(payload);
  if (!bytes) return fail('the link data is truncated or garbled (bad base64)');

  let json: Uint8Array<ArrayBuffer>;
  try {
    json = await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_JSON_BYTES);
  } catch (e) {
    return fail(e instanceof TooLarge ? 'the link data is too large' : 'the link data is truncated or garbled (bad compression)');
  }
  let value: unknown;
  try {
    value = parseUntrustedJson(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch (e) {
    if (e instanceof ForbiddenKey) return fail(`the link data uses a forbidden key ('${e.message}')`);
    return fail('the link data is garbled (not JSON text)');
  }
  if (value && typeof value === 'object' && 'suite' in value) {
    const suite = SuiteLinkStateSchema.safeParse(value);
    if (!suite.success) return fail(`the suite in the link is not valid: ${describeIssue(suite.error)}`);
    return { kind: 'suite', state: suite.data };
  }
  const parsed = LinkStateSchema.safeParse(value);
  if (!parsed.success) return fail(`the link data is not valid: ${describeIssue(parsed.error)}`);
  return { kind: 'ok', state: parsed.data };
}

function fail(message: string): DecodeResult {
  return { kind: 'error', message: `Could not open the shared link: ${message}.` };
}

class TooLarge extends Error {}

// Runs bytes through a (de)compression stream, stopping once the output passes `limit` bytes.
async function pipe(input: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const writer = stream.writable.getWriter();
  writer.write(input).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null; // no valid base64 has this length
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; ++i) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}
