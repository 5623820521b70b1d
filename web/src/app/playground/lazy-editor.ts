// The editor, loaded when a screen with "Your kernel" first opens: CodeMirror is a chunk of its
// own, so the page's first screen (the answer, the tabs) does not wait for it. Until it is in,
// this stands in for it and keeps what it is told.
import type { MergedDiagnostic } from './diagnostics';
import type { KernelEditor } from './editor';

export interface LazyEditor extends Omit<KernelEditor, 'view'> {
  ready: Promise<void>;
}

export function lazyEditor(parent: HTMLElement, text: string, label: string, onChange: () => void): LazyEditor {
  let real: KernelEditor | null = null;
  let pending = text;
  let marks: readonly MergedDiagnostic[] = [];
  let readOnly = false;
  parent.setAttribute('aria-busy', 'true');
  const ready = import('./editor').then(({ kernelEditor }) => {
    real = kernelEditor(parent, pending, label, onChange);
    real.mark(marks);
    real.setReadOnly(readOnly);
    parent.removeAttribute('aria-busy');
  });
  return {
    ready,
    text: () => (real ? real.text() : pending),
    setText: (t) => (real ? real.setText(t) : void (pending = t)),
    mark: (d) => (real ? real.mark(d) : void (marks = d)),
    goToLine: (n) => real?.goToLine(n),
    setReadOnly: (v) => {
      readOnly = v;
      real?.setReadOnly(v);
    },
  };
}
