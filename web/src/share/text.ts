// Text from outside (a share link, an imported report, a file name, the URL fragment), made safe
// to show and to hand to the engine.

// Text crossing into the engine must be well-formed UTF-16: a lone surrogate (pasted text can
// hold one) is valid in a JS string, but JSON.stringify writes it as an escape nlohmann-json
// rejects, failing the whole request. Replacing it with U+FFFD lets the engine report what is
// wrong with the value itself.
export function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

// Unicode's bidirectional controls: the embeddings and overrides (LRE RLE PDF LRO RLO), the
// isolates (LRI RLI FSI PDI), and the marks (LRM RLM ALM). One RLO in a shared CPU name reverses
// the rest of the sentence it is shown in ("Trojan Source"); nothing we show needs them.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** Every bidi control replaced by U+FFFD: visible where it was, and inert. */
export function neutralizeBidi(s: string): string {
  return s.replace(BIDI_CONTROLS, '\uFFFD');
}

export function hasBidiControls(s: string): boolean {
  return new RegExp(BIDI_CONTROLS.source).test(s);
}
