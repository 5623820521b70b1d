// The run controls: parameter fields (from the puzzle's schema), kernel checkboxes grouped by
// ISA, and the wasm builds to run. The fields check nothing themselves: every edit goes to the
// engine's `validate` (cpp/core/engine.h), and its error is shown under the field it names. One
// source of truth for what a valid parameter is, and for its message.
import { BUILDS, buildInfo, type Build } from '../share/builds';
import type { CatalogPuzzle } from '../share/engine-types';
import type { Params } from '../share/schema';
import { h } from './dom';
import type { CaseCheck } from './engine';
import type { KernelChoice } from './state/selectors';

export interface ParamsForm {
  element: HTMLElement;
  /** Shows the engine's verdict on the values: an error under the field it names, or none. */
  show(check: CaseCheck | null): void;
  /** Puts values into the fields (an edit made elsewhere, e.g. a view's editor); no onInput. */
  set(params: Params): void;
}

/** The puzzle's fields, filled with `values`; every edit hands all values, as typed, to `onInput`. */
export function paramsForm(puzzle: CatalogPuzzle, values: Params, onInput: (params: Params) => void): ParamsForm {
  const current: Params = { ...values };
  const general = h('p', { className: 'field-error', attrs: { 'data-error-for': '', 'aria-live': 'polite' } });
  const inputs = new Map<string, { input: HTMLInputElement | HTMLSelectElement; error: HTMLElement }>();
  const fields = puzzle.params.map((spec) => {
    const id = `param-${spec.name}`;
    const update = (value: string | boolean) => {
      current[spec.name] = value;
      onInput({ ...current });
    };
    let input: HTMLInputElement | HTMLSelectElement;
    if (spec.kind === 'flag') {
      const box = h('input', { id, attrs: { type: 'checkbox', name: spec.name }, on: { change: () => update(box.checked) } });
      box.checked = (values[spec.name] ?? spec.default) === true;
      input = box;
    } else if (spec.kind === 'choice') {
      input = h('select', { id, on: { change: () => update(input.value) } }, ...(spec.choices ?? []).map((c) => h('option', { attrs: { value: c } }, c)));
      input.value = String(values[spec.name] ?? spec.default);
    } else {
      const attrs: Record<string, string> = { type: 'text', name: spec.name, autocomplete: 'off', spellcheck: 'false' };
      if (spec.kind === 'integer') Object.assign(attrs, { inputmode: 'numeric', size: '6' });
      input = h('input', { id, attrs, on: { input: () => update(input.value) } });
      input.value = String(values[spec.name] ?? spec.default);
    }
    const error = h('small', { className: 'field-error', attrs: { 'data-error-for': spec.name, 'aria-live': 'polite' } });
    input.setAttribute('aria-describedby', `${id}-help`);
    inputs.set(spec.name, { input, error });
    const hint = spec.kind === 'integer' ? ` (${spec.min}–${spec.max})` : '';
    return h('div', { className: 'field' },
      h('label', { attrs: { for: id } }, spec.name, h('span', { className: 'hint' }, hint)),
      input, error, h('small', { id: `${id}-help` }, spec.help));
  });
  const show = (check: CaseCheck | null) => {
    const field = check && !check.ok ? check.field ?? '' : null;
    for (const [name, { input, error }] of inputs) {
      const mine = field === name;
      error.textContent = mine && check && !check.ok ? check.error : '';
      input.setAttribute('aria-invalid', mine ? 'true' : 'false');
    }
    general.textContent = check && !check.ok && !inputs.has(field ?? '') ? check.error : '';
  };
  const set = (params: Params) => {
    for (const [name, { input }] of inputs) {
      if (!(name in params)) continue;
      current[name] = params[name]!;
      if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = params[name] === true;
      else input.value = String(params[name]);
    }
  };
  return { element: h('div', { className: 'params' }, ...fields, general), show, set };
}

/** Kernels of all loaded wasm builds, grouped by ISA, as checkboxes. */
export function kernelPicker(choices: KernelChoice[], selected: ReadonlySet<string>, onChange: (selected: Set<string>) => void): HTMLElement {
  const chosen = new Set(selected);
  const boxes: HTMLInputElement[] = [];
  const byIsa = new Map<string, KernelChoice[]>();
  for (const c of choices) byIsa.set(c.kernel.isa, [...(byIsa.get(c.kernel.isa) ?? []), c]);
  const groups = [...byIsa.entries()].map(([isa, list]) =>
    h('fieldset', { className: 'kernel-group' },
      h('legend', {}, isa === 'peer' ? 'peers: other programs, in this browser' : isa),
      ...list.map(({ kernel, builds, unavailable }) => {
        const box = h('input', {
          attrs: { type: 'checkbox', value: kernel.key, 'data-kernel': kernel.key },
          on: {
            change: () => {
              if (box.checked) chosen.add(kernel.key);
              else chosen.delete(kernel.key);
              onChange(new Set(chosen));
            },
          },
        });
        box.checked = chosen.has(kernel.key);
        if (unavailable) {
          box.disabled = true;
          return h('label', { className: 'kernel unavailable', title: unavailable }, box, ` ${kernel.id}`, h('small', { className: 'hint' }, ` unavailable: ${unavailable}`));
        }
        boxes.push(box);
        return h('label', { className: 'kernel', title: builds.length ? `${kernel.summary} (in: ${builds.join(', ')})` : kernel.summary }, box, ` ${kernel.id}`);
      }),
    ),
  );
  const setAll = (on: boolean) => {
    for (const b of boxes) {
      b.checked = on;
      if (on) chosen.add(b.value);
      else chosen.delete(b.value);
    }
    onChange(new Set(chosen));
  };
  return h('div', { className: 'kernels' },
    h('div', { className: 'kernel-actions' },
      h('button', { attrs: { type: 'button' }, className: 'link', on: { click: () => setAll(true) } }, 'all'),
      ' · ',
      h('button', { attrs: { type: 'button' }, className: 'link', on: { click: () => setAll(false) } }, 'none'),
    ),
    ...groups,
  );
}

export function buildPicker(supported: ReadonlySet<Build>, selected: ReadonlySet<Build>, onChange: (selected: Set<Build>) => void): HTMLElement {
  const chosen = new Set(selected);
  return h('fieldset', { className: 'builds' },
    h('legend', {}, 'builds'),
    ...BUILDS.map((build) => {
      const box = h('input', {
        attrs: { type: 'checkbox', value: build, 'data-build': build },
        on: {
          change: () => {
            if (box.checked) chosen.add(build);
            else chosen.delete(build);
            onChange(new Set(chosen));
          },
        },
      });
      box.checked = chosen.has(build);
      box.disabled = !supported.has(build);
      return h('label', { title: supported.has(build) ? '' : 'this browser cannot run it' }, box, ` ${buildInfo(build).picker}`);
    }),
  );
}
