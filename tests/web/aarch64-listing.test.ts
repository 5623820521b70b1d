// npm start's background AArch64 listing (scripts/lib/aarch64-listing.mjs decides the steps;
// scripts/aarch64-listing.mjs runs them): the cross tools installed only where it may, else a
// reason a person can act on; a failed step named with its log; the server serves the status
// beside the listings (never shipped in a site), and the Instructions panel says it in words.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { AARCH64_TOOLS, aarch64Plan, afterStep } from '../../scripts/lib/aarch64-listing.mjs';
import { listingFileFor } from '../../scripts/site-files';
import { aarch64StatusWords, loadListingStatus } from '../../web/src/app/listings';

type Step = { name: string; words: string; command: string; args: string[] };
const names = (plan: { steps?: Step[] }) => plan.steps?.map((s) => s.name);

describe('the AArch64 listing’s background build', () => {
  it('builds the CLI for AArch64 and lists it, the cross tools installed first only where it may', () => {
    expect(names(aarch64Plan({ missing: [], root: false }))).toEqual(['configure', 'build', 'listing']);
    const build = aarch64Plan({ missing: [], root: false }).steps.find((s: Step) => s.name === 'build');
    // One compile job, the CLI only: it shares the machine with the native benchmark.
    expect(build.args).toEqual(['--build', '--preset', 'aarch64', '--target', 'simd-puzzles', '-j', '1']);
    expect(aarch64Plan({ missing: [], root: false }).steps.at(-1).args).toEqual(['scripts/build-listings.mjs', 'aarch64']);
    const asRoot = aarch64Plan({ missing: ['qemu-aarch64'], root: true });
    expect(names(asRoot)).toEqual(['install', 'configure', 'build', 'listing']);
    expect(asRoot.steps[0].args).toEqual(['scripts/setup.sh', 'aarch64']);
    expect(asRoot.steps[0].words).toBe('installing qemu-user');
  });

  it('says what to install where it may not', () => {
    const plan = aarch64Plan({ missing: AARCH64_TOOLS.map((t: { command: string }) => t.command), root: false });
    expect(plan.steps).toBeUndefined();
    expect(plan.unavailable).toContain('apt-get install -y --no-install-recommends g++-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-user');
  });

  it('names the step that failed and where its output is', () => {
    const step = aarch64Plan({ missing: [], root: false }).steps[1];
    expect(afterStep(step, 0, 'build/aarch64-listing.log')).toBeNull();
    expect(afterStep(step, 2, 'build/aarch64-listing.log')).toEqual({ state: 'failed', step: 'build', reason: 'cross-compiling the CLI for AArch64 failed (exit 2); see build/aarch64-listing.log' });
    expect(afterStep(step, null, 'x.log')!.reason).toContain('it did not start');
  });

  it('is served beside the listings, by name only', () => {
    expect(listingFileFor('/listings/aarch64.status.json.tmp')).toBeNull();
    expect(listingFileFor('/listings/x86-64.status.json')).toBeNull();
    expect(listingFileFor('/listings/../aarch64.status.json')).toBeNull();
  });

  it('is said in the Instructions panel while the listing is missing', async () => {
    expect(aarch64StatusWords({ state: 'building', step: 'build', words: 'cross-compiling the CLI for AArch64' })).toBe(
      'The AArch64 listing is being built in the background (cross-compiling the CLI for AArch64); open this panel again in a few minutes for the NEON side.');
    expect(aarch64StatusWords({ state: 'failed', reason: 'cross-compiling the CLI for AArch64 failed (exit 2); see build/aarch64-listing.log' })).toBe(
      'The AArch64 listing could not be built: cross-compiling the CLI for AArch64 failed (exit 2); see build/aarch64-listing.log.');
    expect(aarch64StatusWords({ state: 'unavailable', reason: 'the AArch64 cross tools are not installed' })).toMatch(/^No AArch64 listing: the AArch64 cross tools/);
    expect(aarch64StatusWords({ state: 'done' })).toBeNull();
    expect(aarch64StatusWords(null)).toBeNull();
    // From the server: checked like any data from outside; none (a static site) is null.
    const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
    expect(await loadListingStatus(answer(200, { state: 'building', step: 'build' }))).toEqual({ state: 'building', step: 'build' });
    expect(await loadListingStatus(answer(200, { state: 'exploded' }))).toBeNull();
    expect(await loadListingStatus(answer(404, {}))).toBeNull();
  });
});
