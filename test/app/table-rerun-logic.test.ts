// The app's side of a table-structure re-run: when one can serve an option change, and what the
// run looks like before, after, and when it is cancelled.
import { describe, expect, it } from 'vitest';
import type { Element } from '../../src/core/contract/types.ts';
import { tableOnlyChange } from '../../src/app/logic/run-plan.ts';
import { onResult, onTablesResult, onTablesStopped, startRun, startTablesRun } from '../../src/app/logic/run-state.ts';

const table = (cells: boolean): Element => ({
  type: 'table',
  bbox: [0.1, 0.3, 0.9, 0.5],
  properties: { score: 0.9, page_number: 1, table_engine: cells ? 'tessera-hybrid/ruled' : null },
  text_representation: 'a,b\n',
  ...(cells ? { table: { cells: [], caption: null, num_rows: 1, num_cols: 2, column_headers: ['a', 'b'] } } : {}),
});

describe('table-structure re-run in the app', () => {
  it('serves a change of table options only', () => {
    expect(tableOnlyChange({ threshold: 0.3 }, { threshold: 0.3, table_mode: 'none' })).toBe(true);
    expect(tableOnlyChange({ table_mode: 'none' }, { table_mode: 'custom', table_extraction_options: { model_selection: 'table_transformer' } })).toBe(true);
    // Document-level options never need a page run either.
    expect(tableOnlyChange({}, { table_mode: 'none', output_format: 'markdown' })).toBe(true);
    expect(tableOnlyChange({}, { table_mode: 'none', text_mode: 'ocr_standard' })).toBe(false);
    expect(tableOnlyChange({ selected_pages: [1] }, { table_mode: 'none' })).toBe(false);
  });

  it('replaces the elements with the re-run ones, keeps the pages, and is no longer stale', () => {
    let run = startRun({ table_mode: 'none' }, 100);
    run = { ...run, pages: [1, 2], numPages: 2, pagesDone: 2, candidates: [table(false)] };
    run = onResult(run, { status: ['T+   0.10: Completed work on page 1'], status_code: 200, elements: [] }, 200);
    const rerun = startTablesRun(run, { table_mode: 'standard' }, 300);
    expect(rerun).toMatchObject({ phase: 'running', kind: 'tables', startedAt: 300, pagesDone: 2, pages: [1, 2] });
    expect(rerun.pageKey).not.toBe(run.pageKey);
    const done = onTablesResult(rerun, { status: ['T+   0.01: Completed table structure on page 1'], status_code: 200, elements: [table(true)], tables: 1 }, 350);
    expect(done.phase).toBe('done');
    expect(done.candidates[0]!.table?.num_cols).toBe(2);
    expect(done.status).toHaveLength(2);
    expect(done.previous).toBeUndefined();

    const failed = onTablesResult(rerun, { status: [], status_code: 400, error: '400: bad' }, 350);
    expect(failed).toMatchObject({ phase: 'failed', error: 'table structure re-run: 400: bad' });
    expect(failed.candidates).toEqual(run.candidates);

    // Cancelled: the run as it was, with a word on why nothing changed.
    const back = onTablesStopped(rerun, 'cancelled');
    expect(back).toMatchObject({ phase: 'done', startedAt: 100, note: 'cancelled', options: { table_mode: 'none' } });
    expect(back.candidates).toBe(run.candidates);
  });
});
