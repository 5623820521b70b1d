// The input file of a puzzle that reads one: what it means to the puzzle, the file picked (or
// generated data), and a way back to generated data.
import type { CatalogPuzzle } from '../../share/engine-types';
import { h } from '../dom';
import type { FileState } from '../state/store';
import type { Actions } from './actions';

/** The control, and `show` to follow the file in the state. */
export function fileControl(puzzle: CatalogPuzzle, actions: Actions): { element: HTMLElement; show(file: FileState | null): void } {
  const input = h('input', { id: 'input-file', attrs: { type: 'file' } });
  const name = h('span', { className: 'file-name' });
  const show = (file: FileState | null) => {
    name.textContent = file ? `${file.name} (${file.bytes.length.toLocaleString('en-US')} bytes)` : 'none: generated data';
  };
  const clear = h('button', { className: 'link', attrs: { type: 'button' } }, 'clear');
  input.addEventListener('change', async () => {
    const picked = input.files?.[0];
    if (picked && !(await actions.pickFile(puzzle.id, picked))) input.value = '';
  });
  clear.addEventListener('click', () => {
    input.value = '';
    void actions.pickFile(puzzle.id, null);
  });
  const element = h('div', { className: 'input-file' },
    h('label', { attrs: { for: 'input-file' } }, 'input file'),
    h('p', { className: 'hint' }, `Optional: ${puzzle.input_file}. Read in your browser, never uploaded.`),
    input, h('div', {}, 'current: ', name, ' ', clear));
  return { element, show };
}
