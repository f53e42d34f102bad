import { describe, expect, it } from 'vitest';
import { buildBlocks } from '../../src/core/layout/blocks.ts';
import { buildLines } from '../../src/core/layout/lines.ts';
import { cleanText } from '../../src/core/pdf/clean-text.ts';
import { joinLines } from '../../src/core/layout/text.ts';
import { textRun } from '../fixtures/runs.ts';

const run = textRun;

describe('lines', () => {
  it('joins runs of one baseline with spaces where there is a word gap', () => {
    const lines = buildLines([run('world', 50, 100.5), run('Hello', 20, 100)]);
    expect(lines.map((l) => l.text)).toEqual(['Hello world']);
  });

  it('does not invent spaces inside a kerned word', () => {
    // 'Hel' ends at x=35; 'lo' starts 0.5pt later: a kerning gap, not a space.
    const lines = buildLines([run('Hel', 20, 100), run('lo', 35.5, 100)]);
    expect(lines[0]!.text).toBe('Hello');
  });

  it('splits a band at a column gutter', () => {
    const lines = buildLines([run('left column', 20, 100), run('right column', 300, 100)]);
    expect(lines.map((l) => l.text)).toEqual(['left column', 'right column']);
  });

  it('puts no spaces between CJK characters', () => {
    const lines = buildLines([run('文書', 20, 100), run('解析', 32, 100)]);
    expect(lines[0]!.text).toBe('文書解析');
  });

  it('spaces Korean words set as runs a tenth of an em apart, and not a word broken over runs', () => {
    expect(buildLines([run('마시는', 20, 100), run('물', 36, 100), run('또는', 42, 100.2)])[0]!.text).toBe('마시는 물 또는');
    expect(buildLines([run('감염', 20, 100), run('병', 30.2, 100)])[0]!.text).toBe('감염병');
  });

  it('keeps a stacked fraction and the text after it on its line', () => {
    // pdf.js sets the text after a lowered denominator in the denominator's small run.
    const lines = buildLines([
      run('up to', 20, 43.5, { rect: { x0: 20, y0: 43.5, x1: 45, y1: 54.9 } }),
      run('1', 47, 44.4, { fontSize: 5.5, rect: { x0: 47, y0: 44.4, x1: 49.7, y1: 50.7 } }),
      run('⁄', 49.7, 43.5, { rect: { x0: 49.7, y0: 43.5, x1: 51.4, y1: 54.9 } }),
      run('4 inch, the', 51.2, 47.6, { fontSize: 5.5, rect: { x0: 51.2, y0: 47.6, x1: 91, y1: 53.9 } }),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['up to 1⁄4 inch, the']);
  });

  it('a symbol font glyph with no Unicode opening a line is its bullet, though it sorted into another band', () => {
    const lines = buildLines([
      // The other column of a spread, a little higher: the taller glyph overlaps it most.
      run('services? (Please select all)', 400, 79.8, { fontSize: 9, rect: { x0: 400, y0: 79.8, x1: 530, y1: 89.7 } }),
      run('\u0084', 148.8, 81.4, { fontSize: 13, fontName: 'Wingdings', rect: { x0: 148.8, y0: 81.4, x1: 158.5, y1: 95.9 } }),
      run('They coordinate appointments', 166.8, 85.6, { fontSize: 9, rect: { x0: 166.8, y0: 85.6, x1: 300, y1: 95.4 } }),
    ]);
    expect(lines.map((l) => l.text).sort()).toEqual(['services? (Please select all)', '• They coordinate appointments']);
  });

  it('a column of smaller type beside larger type starts its own line a gutter of its own size away', () => {
    // An abstract in 11.4 pt beside a 9 pt column heading, 11.4 pt apart (1.27 em of the heading).
    const lines = buildLines([
      run('recently adopted CSR: Philip Morris', 69, 464, { fontSize: 11.4, rect: { x0: 69.2, y0: 464.1, x1: 347.4, y1: 476.9 } }),
      run('CORPORATE SOCIAL RESPONSIBILITY:', 358, 461, { fontSize: 9, rect: { x0: 358.8, y0: 461.6, x1: 528.3, y1: 471.6 } }),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['recently adopted CSR: Philip Morris', 'CORPORATE SOCIAL RESPONSIBILITY:']);
  });

  it('drops whitespace-only runs', () => {
    expect(buildLines([run('   ', 20, 100)])).toEqual([]);
  });
});

describe('blocks', () => {
  it('groups close lines of one column into a paragraph and separates columns and headings', () => {
    const runs = [
      run('Heading', 20, 50, { fontSize: 16, bold: true }),
      run('first line of the left', 20, 80),
      run('second line of the left', 20, 92),
      run('first line of the right', 300, 80),
      run('second line of the right', 300, 92),
      run('a paragraph far below', 20, 200),
    ];
    const blocks = buildBlocks(buildLines(runs));
    expect(blocks.map((b) => b.lines.map((l) => l.text).join(' | '))).toEqual([
      'Heading',
      'first line of the left | second line of the left',
      'first line of the right | second line of the right',
      'a paragraph far below',
    ]);
  });
});

describe('joinLines', () => {
  it('rejoins words hyphenated at a line end when removing line breaks', () => {
    expect(joinLines(['Documents are parti-', 'tioned into elements'], true)).toBe('Documents are partitioned into elements\n');
  });
  it('keeps real hyphens before capitals and the breaks when asked', () => {
    expect(joinLines(['Jean-', 'Paul'], true)).toBe('Jean- Paul\n');
    expect(joinLines(['one', 'two'], false)).toBe('one\ntwo\n');
  });
});

describe('line text as a reader would type it', () => {
  it('composes an accent drawn before its letter, unfolds Arabic glyph forms and TeX quotes', () => {
    const lines = buildLines([run('J´an Min´aˇc', 20, 100), run('‘‘noblesse oblige’’', 20, 200), run('ﺑﺮرﺳی', 20, 300, { dir: 'rtl' })]);
    expect(lines.map((l) => l.text)).toEqual(['Ján Mináč', '“noblesse oblige”', 'بررسی']);
  });

  it('composes an accent that a table cell joined to its letter with a space (Gr¨ obner)', () => {
    expect(cleanText('toric Gr¨ obner bases')).toBe('toric Gröbner bases');
    // Not an accent standing alone between words: a font without Unicode for β maps it to one.
    expect(cleanText('coefficient vector ´ and error term')).toBe('coefficient vector ´ and error term');
  });

  it('keeps a spacing accent that no letter takes', () => {
    expect(buildLines([run('x´ 5¨', 20, 100)])[0]!.text).toBe('x´ 5¨');
  });

  it('keeps the lines of two columns apart when their baselines are offset', () => {
    // Left column in larger type; right column lines fall between its baselines.
    const runs = [
      run('left one', 20, 103, { fontSize: 12 }),
      run('right one', 200, 100, { fontSize: 8 }),
      run('to', 200, 110, { fontSize: 8 }),
      run('right two', 212, 110, { fontSize: 8 }),
    ];
    const texts = buildLines(runs).map((l) => l.text);
    expect(texts).toContain('right one');
    expect(texts).toContain('to right two');
  });
});

describe('right-to-left ligatures', () => {
  it('puts back a lam-alef ligature that pdf.js reversed after an alef', () => {
    expect(cleanText('شرکت بورس کاالی ايران')).toBe('شرکت بورس کالای ايران');
    expect(cleanText('األهودا اإلنسخن')).toBe('الأهودا الإنسخن');
    // A genuine `ال` (the article) stays.
    expect(cleanText('السلام')).toBe('السلام');
    // A control code is no text (a symbol font's unmapped glyph comes as one).
    expect(cleanText('check\u0084 box\u0007')).toBe('check box');
  });
});

describe('wide word spaces of justified text', () => {
  it('a gap the lines above and below run across is a word space, not a gutter', () => {
    // 13 pt type, a 15 pt gap on the middle line; the lines around it are set straight across.
    const lines = buildLines([
      textRun('a full line of justified words', 70, 100, { fontSize: 13 }),
      textRun('left part', 70, 122, { fontSize: 13 }),
      textRun('right part', 70 + 9 * 6.5 + 15, 122, { fontSize: 13 }),
      textRun('another full line of words', 70, 144, { fontSize: 13 }),
    ]);
    expect(lines.map((l) => l.text)).toContain('left part right part');
  });

  it('wide spaces of two lines that fall close by chance are word spaces', () => {
    // A two-line paragraph: each line has a 15 pt space, 11 pt apart, neither edge in line.
    const lines = buildLines([
      textRun('first line start', 70, 100, { fontSize: 13 }),
      textRun('first line end', 70 + 16 * 6.5 + 15, 100, { fontSize: 13 }),
      textRun('second line starting', 70, 122, { fontSize: 13 }),
      textRun('its end', 70 + 20 * 6.5 + 15, 122, { fontSize: 13 }),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['first line start first line end', 'second line starting its end']);
  });

  it('a gutter after ragged lines stays a gutter: the next column starts in line', () => {
    const rows = [
      ['ragged left', 100],
      ['a longer left line', 122],
      ['short', 144],
    ] as const;
    const runs = rows.flatMap(([left, y]) => [textRun(left, 70, y, { fontSize: 13 }), textRun('right column', 70 + left.length * 6.5 + 15 + (y === 122 ? 0 : 40), y, { fontSize: 13 })]);
    // Right column at x = 70 + 18 * 6.5 + 15 on every line (the longest left line sets it).
    for (const r of runs.filter((r) => r.text === 'right column')) Object.assign(r.rect, { x0: 202, x1: 202 + 12 * 6.5 });
    expect(buildLines(runs).map((l) => l.text)).not.toContain('a longer left line right column');
  });

  it('a gap that runs down the page stays a gutter', () => {
    const rows = [100, 122, 144].flatMap((y) => [textRun('left column', 70, y, { fontSize: 13 }), textRun('right column', 70 + 11 * 6.5 + 15, y, { fontSize: 13 })]);
    expect(buildLines(rows).map((l) => l.text)).not.toContain('left column right column');
  });

  // Two columns whose lines sit at offset heights, as on a journal page (case_01 of layout-cvat):
  // 8 pt type, the right column's lines 5 pt lower than the left's.
  const r = (text: string, x0: number, y0: number, size = 8, x1?: number) =>
    textRun(text, x0, y0, { fontSize: size, rect: { x0, y0, x1: x1 ?? x0 + text.length * size * 0.5, y1: y0 + size } });

  it('a raised figure on a two-column page stays in its line (cm3/g, not a line "3" of its own)', () => {
    const lines = buildLines([
      r('the mesopore volume of the column', 40, 532),
      r('was 0.08 cm', 312, 542.2, 8, 350),
      r('3', 350, 540.9, 6, 353),
      r('/g, much less than before', 353, 542.2),
      r('had a much higher surface', 40, 537),
      r('than the commercial carbons', 40, 547),
    ]);
    expect(lines.map((l) => l.text)).toContain('was 0.08 cm3/g, much less than before');
    expect(lines.map((l) => l.text)).not.toContain('3');
  });

  it('a subscript ending the words before a wide justified space does not part the line (pKa is 3.27)', () => {
    const lines = buildLines([r('of pK', 32, 474, 8, 51.4), r('a is', 51.4, 476.8, 6, 63.2), r('3.27 for PFOS', 71.3, 474)]);
    expect(lines.map((l) => l.text)).toEqual(['of pKa is 3.27 for PFOS']);
  });

  it('a raised reference mark opening a footnote, in the size of its text, starts that footnote', () => {
    const lines = buildLines([
      r('∗', 37, 683.1, 6.4, 40.3),
      r('Corresponding author. Tel.: +86 10', 43.9, 685.2, 6.4),
      r('column text beside the footnote', 312, 680, 8),
    ]);
    expect(lines.map((l) => l.text)).toContain('∗ Corresponding author. Tel.: +86 10');
  });

  it('a small number of the same height far from any words stays a line of its own (a chart tick)', () => {
    const lines = buildLines([r('Regeneration percent', 100, 200), r('2', 230, 199, 6)]);
    expect(lines.map((l) => l.text).sort()).toEqual(['2', 'Regeneration percent']);
  });

  it('a bullet set half an inch before its words (a hanging indent) opens their line', () => {
    // eu-004 of the ICDAR set: a Symbol-font bullet at 72 pt, the item's words at 108 pt, 11 pt type.
    const lines = buildLines([
      r('•', 72.1, 451.6, 10.9, 77.1),
      r('Over time, we know that there has been a decline', 108.3, 452.4, 10.9),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['• Over time, we know that there has been a decline']);
  });
});
