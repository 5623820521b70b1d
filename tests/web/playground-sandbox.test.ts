// The playground's jails (scripts/lib/playground/sandbox.mjs, docs/playground.md), tested, not
// assumed: a small C++ program is compiled in the compile jail and then run in the run jail doing
// each hostile thing of issue 31 (an infinite loop, a fork bomb, a 4 GB allocation, a write outside
// its folder, a segfault, the network, a flood of output, a read of /etc/shadow); each ends with a
// clear message, and the next jail starts as before. Needs bubblewrap (scripts/setup.sh installs it
// and, as root, creates the sandbox user): the tests skip, saying so, only where the probe fails.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper of the scripts
import { exitWords, jailArgv, jobRoot, LIMITS, makeJobDir, probeSandbox, runJailed, sandboxIdentity } from '../../scripts/lib/playground/sandbox.mjs';

const probe = probeSandbox();
const named = (what: string) => (probe.available ? what : `${what} (skipped: ${probe.why})`);

const PROGRAM = String.raw`
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>
int main(int argc, char** argv) {
  std::string w = argc > 1 ? argv[1] : "";
  if (w == "loop") for (volatile long x = 0;; x = x + 1) {}
  if (w == "sleep") { for (;;) pause(); }
  if (w == "fork") {
    int n = 0;
    for (int i = 0; i < 1000; ++i) { pid_t p = fork(); if (p == 0) { pause(); _exit(0); } if (p > 0) ++n; }
    std::printf("forked %d\n", n);
    return 0;
  }
  if (w == "alloc") {
    try { std::vector<char> v(4ull << 30, 1); std::printf("allocated %zu\n", v.size()); } catch (const std::bad_alloc&) { std::printf("bad_alloc\n"); }
    return 0;
  }
  if (w == "write") {
    for (const char* p : {"/usr/x", "/sp/x", "/x", "/etc/x", "/work/x", "/dev/x", "/dev/shm/x", "/tmp/x"}) {
      FILE* f = std::fopen(p, "w");
      std::printf("%s %s\n", p, f ? "written" : std::strerror(errno));
    }
    return 0;
  }
  if (w == "read") {
    for (const char* p : {"/etc/shadow", "/etc/passwd", "/root/.bashrc", "/work"}) {
      std::ifstream f(p);
      std::printf("%s %s\n", p, f ? "opened" : "absent");
    }
    return 0;
  }
  if (w == "segv") { volatile int* p = nullptr; *p = 1; }
  if (w == "net") {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(std::atoi(argv[2]));
    a.sin_addr.s_addr = htonl(0x7f000001);
    int r = connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
    std::printf("connect %s\n", r == 0 ? "ok" : std::strerror(errno));
    a.sin_addr.s_addr = htonl(0x01010101);
    a.sin_port = htons(80);
    int s2 = socket(AF_INET, SOCK_STREAM, 0);
    r = connect(s2, reinterpret_cast<sockaddr*>(&a), sizeof a);
    std::printf("internet %s\n", r == 0 ? "ok" : std::strerror(errno));
    return 0;
  }
  if (w == "shell") { std::printf("system %d\n", std::system("echo hi")); return 0; }
  if (w == "who") {
    std::ifstream f("/proc/self/status");
    std::string line;
    std::printf("uid %d\n", getuid());
    while (std::getline(f, line)) if (line.rfind("CapEff", 0) == 0 || line.rfind("CapBnd", 0) == 0 || line.rfind("NoNewPrivs", 0) == 0) std::printf("%s\n", line.c_str());
    return 0;
  }
  if (w == "print") for (;;) std::fputs("a line of output that never ends, again and again\n", stdout);
  std::printf("hello\n");
}
`;

let base = '';
let dir = '';
let binary = '';
let listener: Server;
let port = 0;

beforeAll(async () => {
  if (!probe.available) return;
  base = mkdtempSync(join(tmpdir(), 'sp-sandbox-test-'));
  chmodSync(base, 0o755);
  dir = makeJobDir(join(jobRoot(base), 'job'));
  writeFileSync(join(dir, 'hostile.cpp'), PROGRAM, { mode: 0o644 });
  const r = await runJailed({ kind: 'compile', limitAs: true, job: dir, cwd: '/job', env: { PATH: '/usr/bin' }, command: ['g++', '-O1', '-o', 'hostile', 'hostile.cpp'] });
  if (r.code !== 0) throw new Error(`the test program did not compile in the jail: ${r.stderr}`);
  binary = join(dir, 'hostile');
  listener = createServer((socket) => socket.end('hello from the host\n'));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
}, 60_000);

afterAll(() => {
  listener?.close();
  if (base) rmSync(base, { recursive: true, force: true });
});

/** Runs the hostile program's `what` in the run jail. */
const run = (what: string[], options: { limits?: object; timeoutMs?: number } = {}) =>
  runJailed({ kind: 'run', limitAs: true, limits: { cpuSeconds: 2, ...options.limits }, files: [{ host: binary, inside: '/sp/hostile' }], cwd: '/tmp', command: ['/sp/hostile', ...what] }, { timeoutMs: options.timeoutMs });

describe(named('the jails'), () => {
  it('start here, and never as root: no capabilities, no new privileges', async () => {
    expect(probe).toMatchObject({ available: true });
    const r = await run(['who']);
    expect(r.code).toBe(0);
    const identity = sandboxIdentity();
    expect(r.stdout).toMatch(new RegExp(`^uid ${identity.uid}$`, 'm'));
    expect(identity.uid).not.toBe(0);
    expect(r.stdout).toMatch(/^CapEff:\s+0+$/m);
    expect(r.stdout).toMatch(/^CapBnd:\s+0+$/m);
    expect(r.stdout).toMatch(/^NoNewPrivs:\s+1$/m);
    const argv = jailArgv({ kind: 'run', command: ['/x'], files: [] });
    expect(argv).toEqual(expect.arrayContaining(['--unshare-all', '--unshare-user', '--disable-userns', '--die-with-parent', '--clearenv', '--new-session']));
    expect(argv.join(' ')).not.toMatch(/--(ro-)?bind \/ \//); // never the host's root
  });

  it('an infinite loop is killed by its CPU time limit, with a clear message', async () => {
    const r = await run(['loop'], { limits: { cpuSeconds: 1 } });
    expect(r.why).toMatch(/used its 1 s of CPU time/);
    expect(r.seconds).toBeLessThan(10);
  });

  it('a program that waits forever is killed at the wall time limit (SIGKILL to its process group)', async () => {
    const r = await run(['sleep'], { timeoutMs: 500 });
    expect(r.timedOut).toBe(true);
    expect(r.why).toMatch(/ran past the .*time limit and was killed/);
  });

  it('a fork bomb stops at the process limit', async () => {
    const r = await run(['fork']);
    const forked = Number(/forked (\d+)/.exec(r.stdout)?.[1]);
    expect(forked).toBeLessThan(LIMITS.run.nproc);
  });

  it('starts while its user already has many processes (the process limit counts inside the jail only)', async () => {
    const identity = sandboxIdentity();
    const asUser = identity.switch ? ['setpriv', `--reuid=${identity.uid}`, `--regid=${identity.gid}`, '--clear-groups', '--'] : [];
    const sleepers = Array.from({ length: LIMITS.run.nproc + 8 }, () => spawn(asUser[0] ?? 'sleep', [...asUser.slice(1), ...(asUser.length ? ['sleep'] : []), '30'], { stdio: 'ignore' }));
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect((await run(['hello'])).stdout).toBe('hello\n');
      const forked = Number(/forked (\d+)/.exec((await run(['fork'])).stdout)?.[1]);
      expect(forked).toBeLessThan(LIMITS.run.nproc);
    } finally {
      for (const p of sleepers) p.kill('SIGKILL');
    }
  });

  it('a 4 GB allocation fails (bad_alloc), it does not take the machine’s memory', async () => {
    const r = await run(['alloc']);
    expect(r.stdout).toBe('bad_alloc\n');
  });

  it('a write outside its folder fails: the jail’s root and /dev are read-only, only its /tmp takes files', async () => {
    const r = await run(['write']);
    expect(r.stdout).toMatch(/^\/usr\/x (Read-only file system|No such file or directory)$/m);
    expect(r.stdout).toMatch(/^\/x Read-only file system$/m);
    expect(r.stdout).toMatch(/^\/etc\/x (Read-only file system|No such file or directory)$/m);
    expect(r.stdout).toMatch(/^\/work\/x (Read-only file system|No such file or directory)$/m);
    // /dev is a tmpfs without a size: read-only, or many files there could fill the memory.
    expect(r.stdout).toMatch(/^\/dev\/x Read-only file system$/m);
    expect(r.stdout).toMatch(/^\/dev\/shm\/x Read-only file system$/m);
    expect(r.stdout).toMatch(/^\/tmp\/x written$/m); // its own tmpfs, gone with it
  });

  it('sees no /etc, no /root, no /work, and no shell', async () => {
    const r = await run(['read']);
    expect(r.stdout).toBe('/etc/shadow absent\n/etc/passwd absent\n/root/.bashrc absent\n/work absent\n');
    const shell = await run(['shell']);
    expect(shell.stdout).not.toMatch(/^hi$/m);
  });

  it('a segfault ends with a message that says so', async () => {
    const r = await run(['segv']);
    expect(r.why).toMatch(/crashed \(SIGSEGV/);
  });

  it('has no network: a listener on the host’s loopback is unreachable, and so is the internet', async () => {
    const r = await run(['net', String(port)]);
    expect(r.stdout).toMatch(/^connect (Connection refused|Network is unreachable)$/m);
    expect(r.stdout).toMatch(/^internet (Network is unreachable|Connection refused)$/m);
  });

  it('a flood of output is cut and the program killed', async () => {
    const r = await run(['print']);
    expect(r.outputKilled).toBe(true);
    expect(r.truncated).toBe(true);
    expect(r.stdout.length).toBeLessThanOrEqual(LIMITS.run.output);
    expect(r.why).toMatch(/printed more than/);
  });

  it('the compile jail hides the host: #include "/etc/shadow" is "no such file", and the job folder is the only writable one', async () => {
    writeFileSync(join(dir, 'shadow.cpp'), '#include "/etc/shadow"\nint main() {}\n', { mode: 0o644 });
    const r = await runJailed({ kind: 'compile', limitAs: true, job: dir, cwd: '/job', env: { PATH: '/usr/bin' }, command: ['g++', '-c', 'shadow.cpp', '-o', '/usr/shadow.o'] });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/\/etc\/shadow: No such file or directory/);
    const ls = await runJailed({ kind: 'compile', job: dir, cwd: '/job', env: { PATH: '/usr/bin' }, command: ['ls', '/'] });
    expect(ls.stdout.split('\n').filter(Boolean).sort()).toEqual(['bin', 'dev', 'job', 'lib', ...(ls.stdout.includes('lib64') ? ['lib64'] : []), 'proc', 'sbin', 'tmp', 'usr']);
    // And after all of the above, a jail starts as before.
    expect((await run(['hello'])).stdout).toBe('hello\n');
  });
});

describe('exit words', () => {
  const limits = LIMITS.run;
  it('names the cause of an end in words', () => {
    expect(exitWords({ code: 0, limits })).toBeNull();
    expect(exitWords({ code: 139, limits })).toMatch(/SIGSEGV/);
    expect(exitWords({ code: 137, limits })).toMatch(/CPU time/);
    expect(exitWords({ code: 153, limits })).toMatch(/larger than 16 MiB/);
    expect(exitWords({ code: 134, limits })).toMatch(/aborted/);
    expect(exitWords({ code: 3, limits })).toMatch(/status 3/);
    expect(exitWords({ code: null, signal: 'SIGKILL', timedOut: true, limits })).toMatch(/time limit/);
    expect(exitWords({ stopped: true, limits })).toBe('stopped on request');
  });
});
