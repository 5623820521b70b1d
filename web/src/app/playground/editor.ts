// The playground's editor: CodeMirror 6 with C++ highlighting, the compiler's diagnostics as
// lint marks on their lines (and in the gutter), and nothing else of ours. The text in it is
// only ever text: CodeMirror draws it into its own DOM as text nodes, and no part of the page
// evaluates it (a kernel from a link is C++ to compile on request, never a script).
import { basicSetup } from 'codemirror';
import { cpp } from '@codemirror/lang-cpp';
import { lintGutter, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
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

// CodeMirror's default colours, darkened where they read below 4.5:1 on the editor's background
// (axe, tests/e2e/playground.test.ts): every token keeps its hue.
const readable = HighlightStyle.define([
  { tag: tags.meta, color: '#404740' },
  { tag: tags.keyword, color: '#6a0080' },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName], color: '#1a237e' },
  { tag: [tags.literal, tags.inserted], color: '#0b5a23' },
  { tag: [tags.string, tags.deleted], color: '#8b0000' },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: '#8a3200' },
  { tag: tags.definition(tags.variableName), color: '#0033aa' },
  { tag: tags.local(tags.variableName), color: '#3a0099' },
  { tag: [tags.typeName, tags.namespace], color: '#006640' },
  { tag: tags.className, color: '#0d4f5c' },
  { tag: [tags.special(tags.variableName), tags.macroName], color: '#1d4650' },
  { tag: tags.definition(tags.propertyName), color: '#0033aa' },
  { tag: tags.comment, color: '#6b4200', fontStyle: 'italic' },
  { tag: tags.invalid, color: '#b00000' },
]);

const theme = EditorView.theme({
  '.cm-gutters': { color: '#4a4a4a', backgroundColor: '#f3f4f6' },
  '.cm-activeLineGutter': { backgroundColor: '#e2e6ec' },
});

export function kernelEditor(parent: HTMLElement, text: string, label: string, onChange: () => void): KernelEditor {
  let readOnly = false;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        syntaxHighlighting(readable),
        theme,
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
  // Its scroller is a region a keyboard reaches even while the text is read-only (a build runs).
  view.scrollDOM.tabIndex = 0;
  view.scrollDOM.setAttribute('aria-label', `${label}, scrollable`);
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
      if (value === readOnly) return;
      readOnly = value;
      view.dispatch({}); // recompute editable
    },
  };
}
