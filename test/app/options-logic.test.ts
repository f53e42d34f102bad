import { describe, expect, it } from 'vitest';
import { describeOptions, parseOptions } from '../../src/core/contract/index.ts';
import { cliCommand, shellQuote } from '../../src/app/logic/command.ts';
import { fieldOfProblem, getAt, hasAt, readOptionsText, setAt } from '../../src/app/logic/options-path.ts';
import { formatPages, parsePagesText } from '../../src/app/logic/pages-text.ts';

const PATHS = describeOptions().map((f) => f.path);

describe('options form: key paths', () => {
  it('sets a nested key, creating its map, without touching the input', () => {
    const before = { threshold: 0.4 };
    const after = setAt(before, 'chunking_options.max_tokens', 256);
    expect(after).toEqual({ threshold: 0.4, chunking_options: { max_tokens: 256 } });
    expect(before).toEqual({ threshold: 0.4 });
    expect(getAt(after, 'chunking_options.max_tokens')).toBe(256);
  });

  it('removing a key back to its default prunes emptied maps, but keeps an empty chunking_options', () => {
    const keep = new Set(['chunking_options']);
    expect(setAt({ markdown_options: { include_headers: true } }, 'markdown_options.include_headers', undefined, keep)).toEqual({});
    expect(setAt({ chunking_options: { max_tokens: 9 } }, 'chunking_options.max_tokens', undefined, keep)).toEqual({ chunking_options: {} });
  });

  it('tells an explicit value from an absent key', () => {
    expect(hasAt({ extract_images: false }, 'extract_images')).toBe(true);
    expect(hasAt({}, 'extract_images')).toBe(false);
    expect(hasAt({ chunking_options: {} }, 'chunking_options.strategy')).toBe(false);
  });

  it('puts each parser problem next to the field it concerns', () => {
    const parsed = parseOptions({ selected_pages: [1, 0], chunking_options: { max_tokens: 0 }, treshold: 1 });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const placed = parsed.problems.map((p) => [p.path, fieldOfProblem(p.path, PATHS)]);
    expect(placed).toContainEqual(['selected_pages[1]', 'selected_pages']);
    expect(placed).toContainEqual(['chunking_options.max_tokens', 'chunking_options.max_tokens']);
    expect(placed).toContainEqual(['treshold', undefined]);
  });

  it('reads only JSON objects as options', () => {
    expect(readOptionsText('')).toEqual({});
    expect(readOptionsText('{"a": 1}')).toEqual({ a: 1 });
    expect(readOptionsText('{"a": ')).toBeUndefined();
    expect(readOptionsText('[1]')).toBeUndefined();
  });
});

describe('selected_pages short syntax', () => {
  it('reads numbers and ranges, and writes them back', () => {
    expect(parsePagesText('1, 3-5, 8')).toEqual({ ok: true, pages: [1, [3, 5], 8] });
    expect(parsePagesText('  ')).toEqual({ ok: true, pages: undefined });
    expect(formatPages([1, [3, 5], 8])).toBe('1, 3-5, 8');
  });
  it('says which entry it cannot read', () => {
    const r = parsePagesText('1, x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('"x"');
  });
});

describe('the equivalent command line', () => {
  it('quotes the options and the file name for a shell', () => {
    expect(cliCommand("it's.pdf", { threshold: 0.4 }, '')).toBe(`tessera partition 'it'\\''s.pdf' --options '{"threshold":0.4}'`);
    expect(cliCommand(undefined, {}, '{}')).toBe('tessera partition FILE');
    // The app's OCR engine setting is the CLI's --ocr-engine.
    expect(cliCommand('scan.png', {}, '{}', 'ppocr')).toBe('tessera partition scan.png --ocr-engine ppocr');
    expect(shellQuote('report.pdf')).toBe('report.pdf');
  });
});
