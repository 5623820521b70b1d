// The playground's jails (issue 31, docs/playground.md): where a user's kernel is compiled (the
// compile jail: g++ or em++ over the project's headers) and where the binary built from it runs
// (the run jail: that binary and the shared libraries, nothing else). Both are Debian's bubblewrap,
// started through prlimit (limits the kernel enforces, inherited by everything inside) and, when
// the server is root, setpriv to an unprivileged uid (as root, bwrap keeps CAP_SYS_ADMIN and the
// kernel ignores RLIMIT_NPROC: ../shared/research/isa-and-sandbox.md, Part B):
//
//   prlimit --cpu --fsize --nofile --core=0 [--as] --
//     setpriv --reuid --regid --clear-groups --inh-caps=-all --bounding-set=-all --no-new-privs --  (root only)
//     bwrap --unshare-all --unshare-user --disable-userns --cap-drop ALL --new-session
//           --die-with-parent --clearenv <a minimal root> -- prlimit --nproc -- <command>
//
// A minimal root: never the host's `/` (its unix sockets stay reachable through a bind), no /etc,
// no /home, no /work, no /root. The compile jail sees /usr read-only, the project's include
// folders and the prebuilt engine archives read-only at their own paths (so the toolchain's flags
// apply unchanged), its job folder read-write at /job, a size-capped tmpfs at /tmp, a minimal /dev
// and its own /proc. The run jail sees /usr/lib (and lib64) read-only, the one binary read-only,
// a small tmpfs, /dev and /proc: no shell, no compiler, no project files.
//
// The uid: as root, the dedicated system user `sp-sandbox` (scripts/setup.sh creates it). Not
// `nobody`: other daemons run as nobody, and they would share the sandbox's process count
// (RLIMIT_NPROC is per user), could signal its processes and read its job folders (same uid).
// As an ordinary user (npm start without root) the jail runs as that user, which has no
// capabilities to drop; the minimal root still hides its files.
//
// The Node side adds a wall timeout that SIGKILLs the process group (bwrap, whose pid namespace
// takes every process inside with it), caps on stdout/stderr, and a start-up probe that says why
// the jail is unavailable (no bwrap, no sandbox user, user namespaces disabled).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SANDBOX_USER = 'sp-sandbox';
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** The limits of each jail. `as` applies only where asked (g++ and the native binary: Node and
 * em++'s wasm tools reserve address space far past what they use). */
export const LIMITS = Object.freeze({
  compile: Object.freeze({ cpuSeconds: 30, as: 2 * GiB, nproc: 64, fsize: 64 * MiB, nofile: 256, tmp: 256 * MiB, wallMs: 90_000, output: 256 * 1024 }),
  run: Object.freeze({ cpuSeconds: 15 * 60, as: 2 * GiB, nproc: 16, fsize: 16 * MiB, nofile: 64, tmp: 16 * MiB, wallMs: 60_000, output: 64 * 1024 }),
});
/** Output past this (stdout + stderr; `limits.killBytes` changes it) kills the process: a
 * compiler printing megabytes of errors or a program printing forever. What is kept is `output`
 * bytes of each stream. */
export const OUTPUT_KILL_BYTES = 8 * MiB;

/** The uid and gid the jail runs as: {uid, gid, name, switch} (switch: whether setpriv changes to
 * it, i.e. the server is root), or {why} when the server is root and the sandbox user is missing. */
export function sandboxIdentity() {
  const uid = process.getuid?.();
  if (uid === undefined) return { why: 'the playground sandbox needs Linux' };
  if (uid !== 0) return { uid, gid: process.getgid(), name: 'the server’s own user', switch: false };
  let passwd = '';
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    // no passwd: no user
  }
  for (const line of passwd.split('\n')) {
    const [name, , u, g] = line.split(':');
    if (name === SANDBOX_USER && /^\d+$/.test(u) && /^\d+$/.test(g) && Number(u) !== 0) return { uid: Number(u), gid: Number(g), name, switch: true };
  }
  return { why: `the server runs as root and the sandbox user ${SANDBOX_USER} does not exist: scripts/setup.sh creates it (as root: useradd --system --no-create-home --user-group ${SANDBOX_USER})` };
}

function which(tool) {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin']) if (existsSync(join(dir, tool))) return join(dir, tool);
  return null;
}

/**
 * The argv (never a shell) that runs `command` in a jail.
 * - kind: 'compile' | 'run' (LIMITS[kind]); limits: overrides of those; limitAs: apply `as`.
 * - job: the host folder mounted at /job (writable when jobWritable; the run jail mounts none).
 * - binds: [{host, inside?}] read-only (inside defaults to the host path).
 * - files: [{host, inside}] single files, read-only (the run jail's binary).
 * - env: variables set inside (nothing else is: --clearenv).
 * - cwd: the working directory inside.
 */
export function jailArgv({ kind, limits = {}, limitAs = false, job, jobWritable = true, binds = [], files = [], env = {}, cwd = '/', command, identity = sandboxIdentity(), infoFd = null }) {
  const l = { ...LIMITS[kind], ...limits };
  if (identity.why) throw new Error(identity.why);
  const prlimit = which('prlimit') ?? '/usr/bin/prlimit';
  // The process limit is set inside the jail (a second prlimit, after bwrap made the user
  // namespace): RLIMIT_NPROC counts the user's processes in its namespace, and outside that is
  // every process of the user (an ordinary user's desktop has hundreds, and the sandbox user may
  // have a compile and an engine at once), so an outer limit would stop the jail from starting.
  const argv = [prlimit, `--cpu=${l.cpuSeconds}`, `--fsize=${l.fsize}`, `--nofile=${l.nofile}`, '--core=0'];
  if (limitAs) argv.push(`--as=${l.as}`);
  argv.push('--');
  if (identity.switch) argv.push(which('setpriv') ?? 'setpriv', `--reuid=${identity.uid}`, `--regid=${identity.gid}`, '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--no-new-privs', '--');
  argv.push(which('bwrap') ?? 'bwrap', '--unshare-all', '--unshare-user', '--disable-userns', '--cap-drop', 'ALL', '--new-session', '--die-with-parent', '--clearenv');
  // bwrap writes {"child-pid": N} there: the jail's first process (pid 1 of its pid namespace).
  if (infoFd !== null) argv.push('--info-fd', String(infoFd));
  for (const [name, value] of Object.entries(env)) argv.push('--setenv', name, String(value));
  if (kind === 'compile') {
    argv.push('--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/sbin', '/sbin');
  } else {
    argv.push('--ro-bind', '/usr/lib', '/usr/lib');
    if (existsSync('/usr/lib64')) argv.push('--ro-bind', '/usr/lib64', '/usr/lib64');
  }
  argv.push('--symlink', 'usr/lib', '/lib');
  if (existsSync('/usr/lib64')) argv.push('--symlink', 'usr/lib64', '/lib64');
  // /tmp before the binds: a bind below /tmp (a checkout there) stays visible above the tmpfs.
  argv.push('--size', String(l.tmp), '--tmpfs', '/tmp');
  for (const b of binds) argv.push('--ro-bind', b.host, b.inside ?? b.host);
  for (const f of files) argv.push('--ro-bind', f.host, f.inside);
  if (kind !== 'compile') argv.push('--ro-bind', prlimit, prlimit); // the run jail has no /usr/bin otherwise
  if (job) argv.push(jobWritable ? '--bind' : '--ro-bind', job, '/job');
  // The root bwrap builds is a tmpfs of its own: read-only once everything is mounted on it, so
  // nothing can be written but /job (compile) and the size-capped /tmp.
  // /dev is a tmpfs of its own with no size: read-only too (its device nodes are mounts of their
  // own and stay usable: /dev/null takes writes), or many files there could fill the memory.
  argv.push('--dev', '/dev', '--proc', '/proc', '--remount-ro', '/dev', '--remount-ro', '/', '--chdir', cwd, '--', prlimit, `--nproc=${l.nproc}`, '--', ...command);
  return argv;
}

/** What an exit says, in words: `code`/`signal` of the jail (bwrap exits 128+n when the command
 * died of signal n), `kind`, whether we killed it on the wall timeout or on output. */
export function exitWords({ code, signal, timedOut, outputKilled, stopped, limits, what = 'the program' }) {
  if (stopped) return 'stopped on request';
  if (timedOut) return `${what} ran past the ${Math.round(limits.wallMs / 1000)}-second time limit and was killed`;
  if (outputKilled) return `${what} printed more than ${Math.round((limits.killBytes ?? OUTPUT_KILL_BYTES) / MiB)} MiB and was killed`;
  const sig = signal ? signal : code !== null && code > 128 && code < 128 + 65 ? code - 128 : null;
  const name = typeof sig === 'string' ? sig : { 6: 'SIGABRT', 7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 11: 'SIGSEGV', 24: 'SIGXCPU', 25: 'SIGXFSZ', 4: 'SIGILL', 5: 'SIGTRAP' }[sig] ?? (sig ? `signal ${sig}` : null);
  if (!name) return code === 0 ? null : `${what} exited with status ${code}`;
  switch (name) {
    case 'SIGXCPU':
    case 'SIGKILL':
      return `${what} was killed (${name}): it used its ${limits.cpuSeconds} s of CPU time, or ran out of memory`;
    case 'SIGXFSZ':
      return `${what} was killed (SIGXFSZ): it wrote a file larger than ${Math.round(limits.fsize / MiB)} MiB`;
    case 'SIGSEGV':
      return `${what} crashed (SIGSEGV: a bad memory access)`;
    case 'SIGBUS':
      return `${what} crashed (SIGBUS: a bad memory access)`;
    case 'SIGFPE':
      return `${what} crashed (SIGFPE: an arithmetic error such as a division by zero)`;
    case 'SIGILL':
      return `${what} crashed (SIGILL: an instruction this CPU does not have, or a trap)`;
    case 'SIGABRT':
      return `${what} aborted (SIGABRT: an uncaught exception, an assertion or std::terminate)`;
    default:
      return `${what} was killed by ${name}`;
  }
}

/**
 * Runs `spec` (jailArgv's) to its end: {code, signal, stdout, stderr, truncated, timedOut,
 * outputKilled, stopped, seconds, why}. `signal` (an AbortSignal) stops it (SIGKILL to the group);
 * `timeoutMs` defaults to the kind's wallMs; `onSpawn(child)` sees the process.
 */
export function runJailed(spec, { signal, timeoutMs, onSpawn, what } = {}) {
  const limits = { ...LIMITS[spec.kind], ...(spec.limits ?? {}) };
  const wall = timeoutMs ?? limits.wallMs;
  // fd 3: bwrap's info (runJailed's kill needs the jail's own pid, below).
  const argv = jailArgv({ ...spec, infoFd: 3 });
  const started = Date.now();
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ code: null, signal: null, stdout: '', stderr: '', truncated: false, timedOut: false, outputKilled: false, stopped: true, seconds: 0, why: 'stopped on request' });
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], detached: true, env: {} });
    onSpawn?.(child);
    // The jail runs in a session of its own (--new-session), so SIGKILL to our process group
    // reaches bwrap but not the jail; bwrap's death takes the jail along (--die-with-parent),
    // except in a window while it starts. So a kill also goes to the jail's pid 1, which ends its
    // whole pid namespace: as soon as bwrap has said which pid that is, or at once if it has.
    let jailPid = null;
    let killWanted = false;
    let info = '';
    child.stdio[3]?.on('data', (chunk) => {
      info += chunk.toString('utf8');
      const m = /"child-pid"\s*:\s*(\d+)/.exec(info);
      if (m && jailPid === null) {
        jailPid = Number(m[1]);
        if (killWanted) killJail();
      }
    });
    const killJail = () => {
      if (jailPid === null) return;
      try {
        process.kill(jailPid, 'SIGKILL');
      } catch {
        // gone already
      }
    };
    const kept = { stdout: [], stderr: [] };
    const keptBytes = { stdout: 0, stderr: 0 };
    let total = 0;
    let truncated = false;
    let timedOut = false;
    let outputKilled = false;
    let stopped = false;
    const kill = () => {
      killWanted = true;
      killJail();
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    };
    for (const stream of ['stdout', 'stderr']) {
      child[stream].on('data', (chunk) => {
        total += chunk.length;
        const room = limits.output - keptBytes[stream];
        if (room > 0) {
          kept[stream].push(room >= chunk.length ? chunk : chunk.subarray(0, room));
          keptBytes[stream] += Math.min(room, chunk.length);
        }
        if (chunk.length > room) truncated = true;
        if (total > (limits.killBytes ?? OUTPUT_KILL_BYTES) && !outputKilled) {
          outputKilled = true;
          kill();
        }
      });
    }
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, wall);
    const abort = () => {
      stopped = true;
      kill();
    };
    signal?.addEventListener('abort', abort, { once: true });
    let done = false;
    const finish = (code, sig, spawnError) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      const text = (s) => Buffer.concat(kept[s]).toString('utf8');
      const result = { code, signal: sig, stdout: text('stdout'), stderr: text('stderr'), truncated, timedOut, outputKilled, stopped, seconds: (Date.now() - started) / 1000 };
      result.why = spawnError ? `the sandbox could not start (${spawnError})` : exitWords({ ...result, limits, what });
      resolve(result);
    };
    child.on('error', (e) => finish(null, null, e.code ?? 'error'));
    child.on('close', (code, sig) => finish(code, sig));
  });
}

/** Checks once that a jail starts here, with `binds` (folders it must see, e.g. the project's
 * cpp/: a checkout the sandbox user cannot read is a reason too): {available: true} or
 * {available: false, why}. */
const probed = new Map();
export function probeSandbox({ fresh = false, binds = [] } = {}) {
  const key = binds.join('\n');
  // A failure is not kept: once bwrap is installed or the user made, the next ask sees it.
  if (!probed.has(key) || fresh || !probed.get(key).available) probed.set(key, probeNow(binds));
  return probed.get(key);
}

function probeNow(binds) {
  if (process.platform !== 'linux') return { available: false, why: 'the playground sandbox (bubblewrap) needs Linux' };
  for (const tool of ['bwrap', 'prlimit']) {
    if (!which(tool)) return { available: false, why: `${tool} is not installed: scripts/setup.sh installs it (Debian: apt-get install ${tool === 'bwrap' ? 'bubblewrap' : 'util-linux'})` };
  }
  const identity = sandboxIdentity();
  if (identity.why) return { available: false, why: identity.why };
  if (identity.switch && !which('setpriv')) return { available: false, why: 'setpriv is not installed (Debian: util-linux)' };
  const argv = jailArgv({ kind: 'compile', command: ['/usr/bin/true'], identity, binds: binds.map((host) => ({ host })) });
  const r = spawnSync(argv[0], argv.slice(1), { timeout: 10_000, encoding: 'utf8', env: {} });
  if (r.status === 0) return { available: true, identity };
  const said = `${r.stderr ?? ''}`.trim().split('\n').at(-1)?.replace(/^bwrap: /, '').slice(0, 200) ?? '';
  if (/Can't find source path|Permission denied/.test(said) && binds.length) {
    return { available: false, why: `the sandbox user (${identity.name}) cannot read the project's files: every folder above the checkout must be readable and searchable by others (chmod o+rx), or move the checkout` };
  }
  const hint = /namespace|Operation not permitted|setting up uid map/i.test(said)
    ? ' (unprivileged user namespaces may be disabled: sysctl kernel.unprivileged_userns_clone=1, or on Ubuntu 24.04 kernel.apparmor_restrict_unprivileged_userns=0)'
    : '';
  return { available: false, why: `the sandbox does not start here: ${said || r.error?.code || `exit ${r.status}`}${hint}` };
}

/** The root of the playground's job folders: <tmpdir>/simd-puzzles-playground-<uid>, owned by the
 * server, mode 0711 (the sandbox user may pass through to its own folder, not list the others). */
export function jobRoot(base = tmpdir()) {
  const root = join(base, `simd-puzzles-playground-${process.getuid()}`);
  try {
    mkdirSync(root, { mode: 0o711 });
  } catch (e) {
    if (e.code !== 'EEXIST') throw e;
  }
  const st = lstatSync(root);
  if (!st.isDirectory() || st.uid !== process.getuid()) throw new Error(`${root} is not a folder of this user`);
  chmodSync(root, 0o711);
  return root;
}

/** A job folder `dir` (created, emptied if it exists), owned by the sandbox user, mode 0700. */
export function makeJobDir(dir, identity = sandboxIdentity()) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { mode: 0o700 });
  if (identity.switch) chownSync(dir, identity.uid, identity.gid);
  chmodSync(dir, 0o700);
  return dir;
}

/** Gives a file or folder the server wrote inside a job folder to the sandbox user. */
export function giveToSandbox(path, identity = sandboxIdentity()) {
  if (identity.switch) chownSync(path, identity.uid, identity.gid);
}
