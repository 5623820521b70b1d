// The playground's editor: CodeMirror 6 with C++ highlighting, the compiler's diagnostics as
// lint marks on their lines (and in the gutter), and nothing else of ours. The text in it is
// only ever text: CodeMirror draws it into its own DOM as text nodes, and no part of the page
// evaluates it (a kernel from a link is C++ to compile on request, never a script).
import { basicSetup } from 'codemirror';
import { cpp } from '@codemirror/lang-cpp';
import { lintGutter, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { MergedDiagnostic } from './diagnostics';

export interface KernelEditor {
  view: EditorView;
  text(): string;
  setText(text: string): void;
  /** Marks the diagnostics on their lines (line 0: on no line of the editor, not marked). */
  mark(diagnostics: readonly MergedDiagnostic[]): void;
  /** Puts the cursor on a line and the editor in view. */
  goToLine(line: number): void;
  setReadOnly(readOnly: boolean): void;
}

export function kernelEditor(parent: HTMLElement, text: string, label: string, onChange: () => void): KernelEditor {
  let readOnly = false;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        cpp(),
        lintGutter(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorState.readOnly.of(false),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange();
        }),
        EditorView.editable.compute([], () => !readOnly),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(next: string) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } });
    },
    mark(diagnostics) {
      const doc = view.state.doc;
      const marks: CmDiagnostic[] = [];
      for (const d of diagnostics) {
        if (d.line < 1 || d.line > doc.lines) continue;
        const line = doc.line(d.line);
        const from = Math.min(line.to, line.from + Math.max(0, (d.column ?? 1) - 1));
        // The rest of the word at the column, else the whole line.
        const word = /^[A-Za-z0-9_]+/.exec(line.text.slice(from - line.from));
        const to = word ? from + word[0].length : line.to;
        marks.push({ from: to > from ? from : line.from, to: to > from ? to : line.to, severity: d.severity === 'note' ? 'info' : d.severity, message: d.message, source: d.targets.join(', ') });
      }
      view.dispatch(setDiagnostics(view.state, marks));
    },
    goToLine(n) {
      const doc = view.state.doc;
      if (n < 1 || n > doc.lines) return;
      const line = doc.line(n);
      view.dispatch({ selection: { anchor: line.from }, effects: EditorView.scrollIntoView(line.from, { y: 'center' }) });
      view.focus();
    },
    setReadOnly(value) {
      readOnly = value;
      view.dispatch({}); // recompute editable
    },
  };
}
