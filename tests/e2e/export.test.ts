// Export: the CLI's `bench --csv` and the page's Download results write the same CSV columns and
// spelling on the same records; Download results gives a JSON file that imports back into the
// page as a browser's results, labelled with its file name; hostile files are refused in words.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { toCsv } from '../../web/src/share/export';
import type { Report } from '../../web/src/share/schema';
import { cli, notices, openPage, overPrecise, rows, runAndWait, setN, tempFile, useBrowser } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('CSV from the CLI and from the page', () => {
  it('has the same header and rows on the same records', () => {
    expect(existsSync(cli), 'build the native CLI first').toBe(true);
    const json = tempFile('native.json');
    const csv = tempFile('native.csv');
    // Two puzzles: N-queens' counts, and the cube's labels with spaces, quotes and '=' in them.
    execFileSync(cli, ['bench', 'nqueens', 'cube', '--case', 'n=8', '--case', "moves=R U2 D' B D' op=order seed=1 with=", '--samples', '3', '--min-sample-ms', '1', '--quiet', '--json', json, '--csv', csv]);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.records.length).toBeGreaterThan(10);
    const fromCli = readFileSync(csv, 'utf8');
    const fromPage = toCsv(report.records);
    expect(fromCli.split('\r\n')[0]).toBe(fromPage.split('\r\n')[0]);
    expect(fromCli).toBe(fromPage);
  });
});

describe('Download results, then import the file back', () => {
  it('downloads JSON and CSV of the puzzle’s results, and the JSON imports as a browser’s results', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    expect(await page.isDisabled('#download')).toBe(true); // nothing run yet
    await setN(page, 8);
    await runAndWait(page);
    const mine = await rows(page);

    await page.selectOption('#download-format', 'csv');
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const lines = readFileSync((await csvDownload.path())!, 'utf8').split('\r\n');
    expect(csvDownload.suggestedFilename()).toMatch(/^simd-puzzles-nqueens-v8-\d{4}-\d\d-\d\d\.csv$/);
    // A header block says when, where and what, then the CLI's columns, numbers rounded.
    const table = lines.findIndex((line) => line.startsWith('puzzle,case,'));
    expect(lines.slice(0, table).join('\n')).toMatch(/^# simd-puzzles results\n# date: \d{4}-.*\n"# browser: Chrome \d+, V8 [\d.]+"\n# machine: .*\n.*\n# case: N-queens: N = 8$/);
    const csv = lines.slice(table);
    expect(csv[0]).toMatch(/^puzzle,case,case_key,kernel,isa,build,verified,/);
    expect(overPrecise(csv.join('\n'))).toEqual([]); // rounded to what a timing can mean
    expect(csv.filter((line) => line.startsWith('nqueens,n=8,'))).toHaveLength(mine.length);

    await page.selectOption('#download-format', 'json');
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = tempFile('exported.json');
    writeFileSync(file, readFileSync((await jsonDownload.path())!));
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    expect(report.schema).toBe('simd-puzzles.report/2');
    expect(report.environment.engine?.name).toBe('V8');
    expect(report.records).toHaveLength(mine.length);

    // Into a fresh page: the records come back as the sharer's, labelled with the file.
    const { page: other } = await openPage(browser(), `${baseUrl}#nqueens`);
    await setN(other, 8);
    await other.setInputFiles('#import-native', file);
    await other.waitForFunction(() => (document.querySelector('.notices')?.textContent ?? '').includes('Imported'));
    expect((await notices(other)).join()).toMatch(new RegExp(`Imported ${mine.length} browser results from exported\\.json \\(Chrome \\d+, V8 \\d+\\.\\d+`));
    expect(await other.textContent('[data-env="sharer"]')).toContain('Imported browser results');
    await other.waitForFunction(() => document.querySelectorAll('table[data-table="run"] tbody tr').length > 0);
    const back = await rows(other);
    expect(back.map((r) => `${r.key} ${r.build}`).sort()).toEqual(mine.map((r) => `${r.key} ${r.build}`).sort());
    for (const row of back) expect(row.sharer, JSON.stringify(row)).toMatch(/claim$/);
    await other.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses an empty file, text that is not JSON, and absurd timings, each with its reason', async () => {
    const { page, errors } = await openPage(browser(), `${baseUrl}#nqueens`);
    const importText = async (name: string, text: string) => {
      const file = tempFile(name);
      writeFileSync(file, text);
      await page.setInputFiles('#import-native', file);
      await page.waitForFunction((n) => (document.querySelector('.notice[data-cause="import"]')?.textContent ?? '').includes(n), name);
      return page.textContent('.notice[data-cause="import"]');
    };
    expect(await importText('empty.json', '')).toContain('Could not import results: empty.json: the file is empty');
    expect(await importText('table.csv', 'kernel,isa\nhq,scalar\n')).toContain('Could not import results: table.csv is a CSV file, for spreadsheets: the page imports the JSON download');
    expect(await importText('notes.txt', 'kernel,isa\nhq,scalar\n')).toContain('notes.txt: the file is not JSON');
    const environment = { side: 'wasm', build: 'wasm-simd128', arch: 'wasm32', cpu: 'x', features: '', compiler: '', flags: '', timer_resolution_ns: 5000, date: '' };
    const record = {
      puzzle: 'nqueens', case: 'n=8', params: { n: 8 }, kernel: 'symmetry', isa: 'scalar', build: 'wasm-simd128', answer: { total: 92, unique: 12 },
      verified: true, verified_by: 'x', work: 505, work_unit: 'nodes',
      timing: { samples: 11, reps_per_sample: 1, median_ns: 0.001, min_ns: 0.001, mad_ns: 0, ns_per_unit: 0.001 / 505, units_per_second: 505e12 },
    };
    expect(await importText('absurd.json', JSON.stringify({ schema: 'simd-puzzles.report/2', environment, records: [record] })))
      .toMatch(/Could not import browser results from absurd\.json: none passed the checks; 1 left out \(symmetry\/scalar on N = 8: a median of 0\.001 ns per call/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
