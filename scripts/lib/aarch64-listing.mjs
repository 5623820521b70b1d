// What `npm start` does to give the Instructions panel its AArch64 (NEON) side: once the native CLI
// is built, in the background, the cross build of the CLI and its listing (scripts/aarch64-listing.mjs
// runs the steps; this module decides them, so they are tested without building anything). Its
// state goes to build/listings/aarch64.status.json, which the server serves beside the listings and
// the panel reads while the listing is missing ("being built", "failed: ...", "unavailable: ...").

/** The cross tools the steps need, each with its Debian package (scripts/setup.sh aarch64). */
export const AARCH64_TOOLS = [
  { command: 'aarch64-linux-gnu-g++', pkg: 'g++-aarch64-linux-gnu' },         // the cross build
  { command: 'aarch64-linux-gnu-objdump', pkg: 'binutils-aarch64-linux-gnu' }, // the listing
  { command: 'qemu-aarch64', pkg: 'qemu-user' },                               // the CLI's entry points
];

export const AARCH64_STATUS_FILE = 'aarch64.status.json';

/**
 * The steps, from what is installed: `missing`, the AARCH64_TOOLS commands not on PATH; `root`,
 * whether this process may install them. Returns { steps: [{ name, words, command, args }] } or
 * { unavailable: reason } (nothing to run: a person has to install the tools).
 * The build is one compile job at the lowest priority: it runs after the native benchmark (never
 * beside it), while a person may be timing wasm kernels in the page on the other core.
 */
export function aarch64Plan({ missing, root }) {
  const packages = AARCH64_TOOLS.filter((t) => missing.includes(t.command)).map((t) => t.pkg);
  const steps = [];
  if (packages.length) {
    if (!root)
      return { unavailable: `the AArch64 cross tools are not installed (as root: apt-get install -y --no-install-recommends ${packages.join(' ')}; npm test installs them too)` };
    steps.push({ name: 'install', words: `installing ${packages.join(', ')}`, command: 'bash', args: ['scripts/setup.sh', 'aarch64'] });
  }
  steps.push(
    { name: 'configure', words: 'configuring the AArch64 cross build', command: 'cmake', args: ['--preset', 'aarch64'] },
    { name: 'build', words: 'cross-compiling the CLI for AArch64', command: 'cmake', args: ['--build', '--preset', 'aarch64', '--target', 'simd-puzzles', '-j', '1'] },
    { name: 'listing', words: 'disassembling it', command: process.execPath, args: ['scripts/build-listings.mjs', 'aarch64'] },
  );
  return { steps };
}

/** The status a step's end leaves: `code` its exit code (null: it never started). */
export function afterStep(step, code, logName) {
  if (code === 0) return null;
  return { state: 'failed', step: step.name, reason: `${step.words} failed (${code === null ? 'it did not start' : `exit ${code}`}); see ${logName}` };
}
