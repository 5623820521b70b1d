// Text crossing into the engine must be well-formed UTF-16: a lone surrogate (pasted text can
// hold one) is valid in a JS string, but JSON.stringify writes it as an escape nlohmann-json
// rejects, failing the whole request. Replacing it with U+FFFD lets the engine report what is
// wrong with the value itself.
export function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
