import { describe, expect, it } from 'vitest';
import type { Element } from '../../src/core/contract/types.ts';
import { searchJson } from '../../src/app/logic/json-search.ts';
import { candidateRunOptions, keptElements, pageRunKey, passwordProblem, thresholdOf } from '../../src/app/logic/run-plan.ts';
import { candidateIndex, candidatesByPage, onEvent, onResult, onStopped, startRun } from '../../src/app/logic/run-state.ts';
import { fetchDocument } from '../../src/app/logic/url-fetch.ts';

const el = (type: Element['type'], score: number, page = 1): Element => ({
  type,
  bbox: [0.1, 0.1, 0.9, 0.2],
  properties: { score, page_number: page },
  text_representation: `${type} ${score}`,
});

describe('run plan: one page run, threshold applied afterwards', () => {
  it('asks the engine for every candidate, keeping the options that can fail the run', () => {
    expect(candidateRunOptions({ threshold: 0.7, output_format: 'markdown', extract_images: true })).toEqual({
      threshold: 0,
      output_format: 'json',
      extract_images: true,
    });
  });

  it('needs a new page run only when page-level options change', () => {
    const base = pageRunKey({ table_mode: 'standard', threshold: 0.2 });
    expect(pageRunKey({ threshold: 0.9, table_mode: 'standard', output_format: 'html' })).toBe(base);
    expect(pageRunKey({ table_mode: 'none', threshold: 0.2 })).not.toBe(base);
  });

  it('filters candidates with the engine threshold: a number keeps scores above it', () => {
    const cands = [el('Title', 0.9), el('Text', 0.5), el('Text', 0.3)];
    expect(keptElements(cands, 0.5).map((e) => e.properties.score)).toEqual([0.9]);
    expect(keptElements(cands, 0).length).toBe(3);
    expect(thresholdOf({ threshold: 0.4 })).toBe(0.4);
    expect(thresholdOf({ threshold: 'auto' })).toBe('auto');
    expect(thresholdOf({ threshold: 7 })).toBe('auto');
  });

  it('recognises the engine asking for a password', () => {
    expect(passwordProblem('400: The PDF is encrypted; give its password.')).toBe('required');
    expect(passwordProblem('400: The password is wrong for this encrypted PDF.')).toBe('wrong');
    expect(passwordProblem('400: The file is not a readable PDF')).toBeUndefined();
  });
});

describe('run state from streamed events', () => {
  it('collects pages as they stream in and ends done or failed', () => {
    let run = startRun({}, 100);
    run = onEvent(run, { kind: 'start', numPages: 3, pages: [1, 2, 3] });
    run = onEvent(run, { kind: 'page', pageNumber: 1, done: 1, total: 3, elements: [el('Title', 0.9)] });
    expect(run).toMatchObject({ phase: 'running', pagesDone: 1, pages: [1, 2, 3] });
    expect(onEvent(run, { kind: 'stage', stage: 'layout', ms: 3 })).toBe(run);
    run = onEvent(run, { kind: 'page', pageNumber: 2, done: 2, total: 3, elements: [el('Text', 0.6, 2), el('Text', 0.4, 2)] });
    expect(candidatesByPage(run.candidates).get(2)).toHaveLength(2);
    expect(candidateIndex(run.candidates).get(run.candidates[2]!)).toBe(2);
    expect(onResult(run, { status: [], status_code: 400, error: '400: bad' }, 200)).toMatchObject({ phase: 'failed', error: '400: bad', endedAt: 200 });
    expect(onStopped(run, 150)).toMatchObject({ phase: 'cancelled', pagesDone: 2 });
  });
});

describe('JSON search', () => {
  it('finds keys and values and opens the way to them', () => {
    const r = searchJson({ elements: [{ type: 'Title', text: 'Annual report' }, { type: 'Text' }] }, 'report');
    expect([...r.matches]).toEqual(['.elements[0].text']);
    expect(r.open).toEqual(new Set(['', '.elements', '.elements[0]']));
  });
});

describe('file_url', () => {
  it('turns a refused cross-origin read into a message that says what to do', async () => {
    const refuse = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(fetchDocument('https://files.example.org/a.pdf', refuse)).rejects.toThrow(/files\.example\.org refused .*CORS.*Download the file/);
    await expect(fetchDocument('not a url', refuse)).rejects.toThrow(/is not a URL/);
  });
  it('names the file after the URL path', async () => {
    const ok = (() => Promise.resolve(new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }))) as typeof fetch;
    const file = await fetchDocument('https://x.test/docs/My%20Report.pdf?x=1', ok);
    expect(file.name).toBe('My Report.pdf');
    expect(file.size).toBe(4);
  });
});
