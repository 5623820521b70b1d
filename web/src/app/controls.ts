// The run controls: parameter fields (from the puzzle's schema), kernel checkboxes grouped by
// ISA, and the wasm builds to run. Field checks mirror cpp/core/params.cpp so a bad value is
// caught as it is typed; the engine checks again before anything runs.
import type { Build, Params } from '../share/schema';
import { h } from './dom';
import type { CatalogKernel, CatalogPuzzle, ParamSpec } from './engine-types';

export function checkParam(spec: ParamSpec, raw: string): { value: number | string | boolean } | { error: string } {
  if (spec.kind === 'flag') return raw === 'true' || raw === 'false' ? { value: raw === 'true' } : { error: `${spec.name} must be true or false` };
  if (spec.kind === 'integer') {
    const range = `${spec.min}..${spec.max}`;
    const text = raw.trim();
    if (!/^[+-]?\d+$/.test(text)) return { error: `${spec.name} must be an integer in ${range}, got '${text.slice(0, 40)}'` };
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < (spec.min ?? -Infinity) || value > (spec.max ?? Infinity))
      return { error: `${spec.name} must be in ${range}, got ${text.slice(0, 40)}` };
    return { value };
  }
  if (spec.kind === 'choice') {
    return spec.choices?.includes(raw) ? { value: raw } : { error: `${spec.name} must be one of ${spec.choices?.join(', ')}` };
  }
  if (raw.length > (spec.max_length ?? 256)) return { error: `${spec.name} is too long (at most ${spec.max_length} characters)` };
  return { value: raw };
}

/** Params from a link or a previous visit, checked against the schema; bad entries fall back to defaults. */
export function sanitizeParams(puzzle: CatalogPuzzle, given: Params): { params: Params; problems: string[] } {
  const params: Params = {};
  const problems: string[] = [];
  for (const spec of puzzle.params) {
    const raw = given[spec.name];
    if (raw === undefined) {
      params[spec.name] = spec.default;
      continue;
    }
    const checked = checkParam(spec, String(raw));
    if ('error' in checked) {
      problems.push(checked.error);
      params[spec.name] = spec.default;
    } else {
      params[spec.name] = checked.value;
    }
  }
  for (const name of Object.keys(given)) if (!puzzle.params.some((s) => s.name === name)) problems.push(`unknown parameter '${name}'`);
  return { params, problems };
}

export function paramsForm(puzzle: CatalogPuzzle, values: Params, onChange: (params: Params, error: string | null) => void): HTMLElement {
  const current: Params = { ...values };
  const errors = new Map<string, string>();
  const message = h('p', { className: 'field-error', attrs: { role: 'alert', 'aria-live': 'polite' } });
  const fields = puzzle.params.map((spec) => {
    const id = `param-${spec.name}`;
    const update = (raw: string) => {
      const checked = checkParam(spec, raw);
      if ('error' in checked) errors.set(spec.name, checked.error);
      else {
        errors.delete(spec.name);
        current[spec.name] = checked.value;
      }
      const first = errors.values().next().value ?? null;
      message.textContent = first ?? '';
      input.setAttribute('aria-invalid', errors.has(spec.name) ? 'true' : 'false');
      onChange({ ...current }, first);
    };
    let input: HTMLInputElement | HTMLSelectElement;
    if (spec.kind === 'flag') {
      const box = h('input', { id, attrs: { type: 'checkbox', name: spec.name }, on: { change: () => update(String(box.checked)) } });
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
    const hint = spec.kind === 'integer' ? ` (${spec.min}–${spec.max})` : '';
    return h('div', { className: 'field' }, h('label', { attrs: { for: id } }, spec.name, h('span', { className: 'hint' }, hint)), input, h('small', {}, spec.help));
  });
  return h('div', { className: 'params' }, ...fields, message);
}

export interface KernelChoice {
  kernel: CatalogKernel;
  builds: Build[]; // wasm builds that contain it
}

/** Kernels of all loaded wasm builds, grouped by ISA, as checkboxes. */
export function kernelPicker(choices: KernelChoice[], selected: ReadonlySet<string>, onChange: (selected: Set<string>) => void): HTMLElement {
  const chosen = new Set(selected);
  const boxes: HTMLInputElement[] = [];
  const byIsa = new Map<string, KernelChoice[]>();
  for (const c of choices) byIsa.set(c.kernel.isa, [...(byIsa.get(c.kernel.isa) ?? []), c]);
  const groups = [...byIsa.entries()].map(([isa, list]) =>
    h('fieldset', { className: 'kernel-group' },
      h('legend', {}, isa),
      ...list.map(({ kernel, builds }) => {
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
        boxes.push(box);
        return h('label', { className: 'kernel', title: `${kernel.summary} (in: ${builds.join(', ')})` }, box, ` ${kernel.id}`);
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
  const labels: Record<Build, string> = { simd128: 'wasm SIMD128', baseline: 'wasm baseline (no SIMD)' };
  return h('fieldset', { className: 'builds' },
    h('legend', {}, 'builds'),
    ...(['simd128', 'baseline'] as const).map((build) => {
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
      return h('label', { title: supported.has(build) ? '' : 'this browser cannot run it' }, box, ` ${labels[build]}`);
    }),
  );
}
