// Compiler diagnostics (g++ 12 and em++'s clang 14) as the playground's editor shows them: one
// entry per error, warning or note, on the line of the user's kernel.cpp it is about
// (docs/playground.md). The user's text is compiled as `kernel.cpp`, included unchanged by the
// pass file, so its lines are the editor's lines.
//
// An error inside our headers (a vector op given the wrong type, a template instantiated from the
// user's code) is put on the nearest kernel.cpp line of its chain: g++ writes the chain *before*
// the error ("kernel.cpp:5:22:   required from here"), clang *after* it (notes "in instantiation
// of ... requested here" at kernel.cpp lines). An error with no kernel.cpp line in its chain gets
// line 0 ("not on a line of yours") and its message says where it is. No answer carries a server
// path: the project's include folders become `cpp/...`, others keep their last two components.

/** At most this many diagnostics per compile (a template error can print thousands of notes). */
export const MAX_DIAGNOSTICS = 100;
const MAX_MESSAGE = 600;

const LOCATED = /^(.+?):(\d+):(\d+):\s?(.*)$/;
const SEVERITY = /^(fatal error|error|warning|note):\s*(.*)$/;
const INCLUDED = /^(?:In file included from|\s+from)\s+(.+?):(\d+)(?::\d+)?[:,]?$/;
const USER_FILE = 'kernel.cpp';

const isUserFile = (file) => file === USER_FILE || file.endsWith(`/${USER_FILE}`);

/**
 * A path as a person may read it: `roots` ([{prefix, name}]) map the project's folders (e.g.
 * '/work/main/cpp/' -> 'cpp/'); the job folder (/job/) and ./ vanish; any other absolute path keeps
 * its last two components.
 */
export function displayPath(file, roots = []) {
  let f = file.replace(/^\.\//, '');
  for (const { prefix, name } of roots) if (f.startsWith(prefix)) return name + f.slice(prefix.length);
  if (f.startsWith('/job/')) return f.slice(5);
  if (f.startsWith('/')) return `…/${f.split('/').slice(-2).join('/')}`;
  return f;
}

/** `text` with every path under `roots`, the job folder and other absolute paths made readable. */
export function cleanText(text, roots = []) {
  let t = text;
  for (const { prefix, name } of roots) t = t.split(prefix).join(name);
  t = t.replace(/(^|[\s'"`(])\/job\//g, '$1');
  // Other absolute paths (a system header, a tool): their last two components.
  t = t.replace(/(^|[\s'"`(])(\/(?:[\w.+@-]+\/){2,})([\w.+@-]+)/g, (all, lead, dir, last) => `${lead}…/${dir.split('/').at(-2)}/${last}`);
  return t;
}

/**
 * Diagnostics of one compiler run's stderr: [{line, column, severity, message}] with lines of
 * kernel.cpp (0: not on a line of the user's).
 */
export function parseDiagnostics(stderr, { roots = [] } = {}) {
  const lines = String(stderr).split('\n');
  /** Each primary diagnostic (error or warning) with the kernel.cpp references around it. */
  const groups = [];
  let context = []; // kernel.cpp references seen since the last diagnostic (g++ chains, includes)
  let current = null;
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    const inc = INCLUDED.exec(line);
    if (inc) {
      if (/^In file/.test(line)) context = [];
      if (isUserFile(inc[1])) context.push({ line: Number(inc[2]), column: 0 });
      continue;
    }
    const m = LOCATED.exec(line);
    if (!m) {
      // "kernel.cpp: In function '...':" and "...: In instantiation of ...": a chain starts.
      if (/^[^\s:][^:]*: (In |At global scope|In instantiation)/.test(line)) context = [];
      continue;
    }
    const [, file, l, c, rest] = m;
    const sev = SEVERITY.exec(rest);
    if (!sev) {
      // g++'s chain: "kernel.cpp:3:83:   required from here", "in 'constexpr' expansion of ..."
      if (isUserFile(file)) context.push({ line: Number(l), column: Number(c) });
      continue;
    }
    const severity = sev[1] === 'fatal error' ? 'error' : sev[1];
    const entry = { file, line: Number(l), column: Number(c), severity, message: sev[2] };
    if (severity === 'note' && current) {
      current.notes.push(entry);
    } else {
      current = { primary: entry, before: context, notes: [] };
      groups.push(current);
    }
    context = [];
  }

  const out = [];
  let chained = null; // the kernel.cpp line of the last error from our headers that had one
  const where = (e) => `${displayPath(e.file, roots)}:${e.line}`;
  for (const g of groups) {
    const p = g.primary;
    let at;
    let message = cleanText(p.message, roots);
    if (isUserFile(p.file)) {
      at = { line: p.line, column: p.column };
      chained = null;
    } else {
      // The nearest kernel.cpp line of its chain: g++'s "required from here" (the last before it),
      // else clang's first note at a kernel.cpp line after it.
      const before = g.before.at(-1);
      const after = g.notes.find((n) => isUserFile(n.file));
      const glue = /(^|\/)slot\.inl$/.test(p.file) || /(^|\/)pass-[a-z0-9_-]+\.cpp$/.test(p.file);
      // clang gives an instantiation's chain once: the errors after it in the same headers
      // belong to it (never the slot's glue, which comes after the user's code).
      at = before ?? (after ? { line: after.line, column: after.column } : !glue && chained ? chained : { line: 0, column: 0 });
      chained = at.line > 0 ? at : null;
      message = `in ${glue ? `the slot's glue (${where(p)}), which registers your kernel (does it have the slot's signature?)` : where(p)}: ${message}`;
    }
    out.push({ line: at.line, column: at.column, severity: p.severity, message: message.slice(0, MAX_MESSAGE) });
    for (const n of g.notes) {
      const mine = isUserFile(n.file);
      out.push({
        line: mine ? n.line : at.line,
        column: mine ? n.column : 0,
        severity: 'note',
        message: (mine ? cleanText(n.message, roots) : `in ${where(n)}: ${cleanText(n.message, roots)}`).slice(0, MAX_MESSAGE),
      });
    }
    if (out.length >= MAX_DIAGNOSTICS) break;
  }
  return out.slice(0, MAX_DIAGNOSTICS);
}

/** Linker errors (ld, wasm-ld) have no line: each "undefined reference" or "error:" line becomes
 * a line-0 error. */
export function parseLinkErrors(stderr, { roots = [] } = {}) {
  const out = [];
  for (const line of String(stderr).split('\n')) {
    if (!/undefined reference|multiple definition|(^|\s)error:/.test(line) || /^em\+\+: error: '/.test(line)) continue;
    out.push({ line: 0, column: 0, severity: 'error', message: cleanText(line.trim(), roots).slice(0, MAX_MESSAGE) });
    if (out.length >= 20) break;
  }
  return out;
}
