// Layout round 4, on hand-made pages where the truth is exact: run-in italic headings, numbered
// lines that are a list however large they are set, an item whose number stands alone, slides whose
// only running text is their title, and shaded panels or banners behind text (not figures). And
// pictures clipped by their frame, read from a PDF made with pdf-lib.
import { clip, endPath, PDFDocument, popGraphicsState, pushGraphicsState, rectangle } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { labelPage } from '../../src/core/layout/index.ts';
import { openDocument } from '../../src/core/pdf/index.ts';
import type { ImagePlacement, PageContent, TextRun, VectorPath } from '../../src/core/pdf/types.ts';
import type { Region } from '../../src/core/stage.ts';
import { encodePng, gradient } from '../fixtures/png.ts';
import { textRun as run } from '../fixtures/runs.ts';

function paragraph(x0: number, y0: number, n: number, opts: Partial<TextRun> = {}): TextRun[] {
  return Array.from({ length: n }, (_, i) => run('word '.repeat(18).trim() + (i === n - 1 ? '.' : ''), x0, y0 + i * 12, opts));
}

const picture = (x0: number, y0: number, x1: number, y1: number): ImagePlacement => ({ rect: { x0, y0, x1, y1 }, pixelWidth: 600, pixelHeight: 80 });

function page(textRuns: TextRun[], more: Partial<PageContent> = {}): PageContent {
  return { pageNumber: 2, width: 595, height: 842, rotate: 0, textRuns, paths: [], images: [], ...more };
}

const found = (els: ReturnType<typeof labelPage>, start: string) => els.find((e) => (e.text ?? e.lines.join(' ')).startsWith(start));
const typeOf = (els: ReturnType<typeof labelPage>, start: string) => found(els, start)?.candidates[0]!.type;

describe('headings', () => {
  it('a large operator of a display formula (a lone ∑) is neither title nor heading', () => {
    // Its fragments apart from the rest of the formula (as pdf.js gives a stacked sum's parts).
    const sum = run('∑', 290, 160, { fontSize: 22, fontName: 'CMEX10' });
    const els = labelPage({ ...page([...paragraph(50, 100, 4), sum, ...paragraph(50, 200, 4)]), pageNumber: 1 });
    expect(['Title', 'Section-header']).not.toContain(typeOf(els, '∑'));
  });

  it("a heading's number set apart from words that wrap over two lines is read with them", () => {
    // 4ti2's manual (LaTeX): `1.1.3` and, a tab away, a title wrapped under its own start.
    const els = labelPage(page([
      ...paragraph(50, 100, 4),
      run('1.1.3', 50, 160, { fontSize: 12, bold: true }),
      run('What does an explicit solution to linear', 95, 160, { fontSize: 12, bold: true }),
      run('systems look like?', 95, 175, { fontSize: 12, bold: true }),
      ...paragraph(50, 200, 4),
    ]));
    expect(typeOf(els, '1.1.3 What does')).toBe('Section-header');
    expect(found(els, '1.1.3 What does')!.lines).toEqual(['1.1.3 What does an explicit solution to linear', 'systems look like?']);
  });

  it('a short italic line over upright text is a heading of its own', () => {
    const els = labelPage(page([...paragraph(50, 100, 4), run('Elastic Stop Nut', 50, 160, { italic: true }), ...paragraph(50, 172, 4)]));
    expect(typeOf(els, 'Elastic Stop Nut')).toBe('Section-header');
    expect(found(els, 'Elastic Stop Nut')!.lines).toEqual(['Elastic Stop Nut']);
  });

  it('a numbered line in a typeface of its own over an indented paragraph is a heading', () => {
    const heading = run('(1) Scope of the law', 50, 160, { fontSize: 12.5, fontName: 'ABCDEF+Dotum' });
    const para = [run('word '.repeat(16).trim(), 60, 176, { fontName: 'ABCDEF+Batang' }), ...paragraph(50, 188, 3, { fontName: 'ABCDEF+Batang' })];
    const els = labelPage(page([...paragraph(50, 100, 4, { fontName: 'ABCDEF+Batang' }), heading, ...para]));
    expect(typeOf(els, '(1) Scope')).toBe('Section-header');
    expect(found(els, '(1) Scope')!.lines).toHaveLength(1);
  });

  it('captions open with bracketed and CJK labels too', () => {
    const els = labelPage(page([...paragraph(50, 100, 6), run('[표 1] 감염병예방법 개정 비교', 50, 200)], { images: [{ rect: { x0: 50, y0: 215, x1: 400, y1: 400 }, pixelWidth: 100, pixelHeight: 50 }] }));
    expect(typeOf(els, '[표 1]')).toBe('Caption');
  });

  it('an italic heading right under the end of a paragraph is a heading of its own', () => {
    const els = labelPage(page([...paragraph(50, 100, 4), run('Stainless Steel Nut', 50, 148, { italic: true }), ...paragraph(50, 160, 4)]));
    expect(typeOf(els, 'Stainless Steel Nut')).toBe('Section-header');
  });

  it('an item whose sentence runs on in lower case under its number goes on; a line in capitals after it starts anew', () => {
    // A paper's `(2) Moreover, we perform ... response distributions` / `with the aim to assess ...`.
    const els = labelPage(page([
      ...paragraph(50, 100, 4),
      run('(2) Moreover, we perform a Monte Carlo simulation study for various response distributions', 50, 160),
      run('with the aim to assess the performance of clustered standard errors.', 50, 172),
      run('The rest of this manuscript is structured as follows: Section 2 discusses the idea of it all', 50, 190),
      ...paragraph(50, 202, 3),
    ]));
    expect(found(els, '(2) Moreover')!.lines).toHaveLength(2);
    expect(found(els, 'The rest of')).toBeDefined();
  });

  it('a dash opening a line mid-sentence is punctuation; dashes opening lines after a colon are items', () => {
    // zoo's design notes: `... albeit not having been explicitly set out initially` / `– have guided ...`.
    const els = labelPage(page([
      ...paragraph(50, 100, 4),
      run('This is a set of design principles that – albeit not having been explicitly set out initially', 50, 160),
      run('– have guided the development of the R zoo package. It is also a list of features:', 50, 172),
      run('– fast indexing', 60, 190),
      run('– small size', 60, 202),
      ...paragraph(50, 230, 3),
    ]));
    expect(found(els, 'This is a set')!.lines).toHaveLength(2);
    expect(typeOf(els, '– fast')).toBe('List-item');
    expect(typeOf(els, '– small')).toBe('List-item');
  });

  it('numbered lines stacked one under another are list items, however large', () => {
    const items = ['1. List item one', '2. List item two', '3. List item three'].map((t, i) => run(t, 50, 300 + i * 30, { fontSize: 24 }));
    const els = labelPage(page([...paragraph(50, 100, 12), ...items]));
    for (const t of ['1. List', '2. List', '3. List']) expect(typeOf(els, t)).toBe('List-item');
  });

  it('lines opened by raised letters in sequence (a paper\'s affiliations) are list items', () => {
    const affiliation = (mark: string, text: string, y: number): TextRun[] => [run(mark, 50, y - 1, { fontSize: 6 }), run(text, 55, y)];
    const els = labelPage(
      page([
        ...paragraph(50, 60, 3),
        ...affiliation('a', 'State Key Laboratory of Environment Simulation, Tsinghua University', 110),
        ...affiliation('b', 'Collaborative Innovation Center for Regional Environmental Quality', 122),
        ...paragraph(50, 160, 6),
      ]),
    );
    expect(typeOf(els, 'a State Key')).toBe('List-item');
    expect(typeOf(els, 'b Collaborative')).toBe('List-item');
    expect(typeOf(els, 'word word')).toBe('Text');
  });

  it('numbered headings with text between them stay headings', () => {
    const els = labelPage(page([run('1. Introduction', 50, 80, { fontSize: 14, bold: true }), ...paragraph(50, 100, 5), run('2. Methods', 50, 170, { fontSize: 14, bold: true }), ...paragraph(50, 190, 5)]));
    expect(typeOf(els, '1. Introduction')).toBe('Section-header');
    expect(typeOf(els, '2. Methods')).toBe('Section-header');
  });

  it('an item whose number stands alone on its first line takes the lines under it', () => {
    const els = labelPage(page([...paragraph(50, 100, 6), run('158.', 50, 200), run('position in miles of a train, where east is', 50, 212), run('positive and t is in hours.', 50, 224)]));
    const item = found(els, '158.')!;
    expect(item.candidates[0]!.type).toBe('List-item');
    expect(item.lines).toHaveLength(3);
  });

  it("a slide's title is its title even when a table holds all its other text", () => {
    const cells = Array.from({ length: 24 }, (_, i) => run(`cell ${i}`, 60 + (i % 4) * 120, 200 + Math.floor(i / 4) * 40, { fontSize: 24 }));
    const table: Region = { type: 'table', rect: { x0: 50, y0: 190, x1: 560, y1: 450 }, score: 0.9 };
    const slide = { ...page([run('Test Table Slide', 150, 60, { fontSize: 48 }), ...cells]), pageNumber: 1 };
    expect(typeOf(labelPage(slide, { regions: [table] }), 'Test Table Slide')).toBe('Title');
  });
});

describe('cards', () => {
  // Four cards in two columns, each a picture behind a heading and a paragraph of the page's text,
  // under a centred title and subtitle; the subtitle ends a few points short of the first card's
  // heading's right edge (the subtitle runs across the gutter between the cards).
  const card = (x: number, y: number, n: number): TextRun[] => [run(`${n}. Card heading`, x + 12, y + 12, { fontSize: 13, bold: true }), ...paragraph(x + 12, y + 40, 3).map((r) => ({ ...r, rect: { ...r.rect, x1: x + 320 } }))];
  const cards = [card(60, 120, 1), card(400, 120, 3), card(60, 300, 2), card(400, 300, 4)].flat();
  const pictures = [[60, 120], [400, 120], [60, 300], [400, 300]].map(([x, y]) => picture(x!, y!, x! + 334, y! + 170));
  const els = labelPage(page([run('The title of the page', 150, 40, { fontSize: 24 }), run('a subtitle set centred under it, '.padEnd(95, 'x'), 173.5, 80), ...cards], { images: pictures }));

  it('pictures behind sentences of the page text are backgrounds: their text is the page text', () => {
    expect(els.some((e) => e.candidates[0]!.type === 'Image')).toBe(false);
    expect(typeOf(els, '2. Card heading')).toBe('Section-header');
  });

  it('cards in two columns are read column by column, after the title and subtitle', () => {
    const order = els.map((e) => e.lines[0] ?? '').filter((t) => /Card heading|subtitle/.test(t));
    expect(order.map((t) => t.slice(0, 14))).toEqual(['a subtitle set', '1. Card headin', '2. Card headin', '3. Card headin', '4. Card headin']);
  });
});

describe('forms', () => {
  it('a line with a blank to fill in is text, not a formula', () => {
    const els = labelPage(page([...paragraph(50, 100, 4), run('Other (Please specify) ' + '_'.repeat(50), 50, 160), ...paragraph(50, 180, 4)]));
    expect(typeOf(els, 'Other (Please specify)')).not.toBe('Formula');
  });
});

describe('panels and banners', () => {
  const fill = (x0: number, y0: number, x1: number, y1: number): VectorPath => ({ kind: 'curve', rect: { x0, y0, x1, y1 }, stroked: false, filled: true, lineWidth: 0 });
  it('a shaded picture behind a paragraph is no figure: its text is the page text', () => {
    const els = labelPage(page([...paragraph(60, 110, 4), ...paragraph(50, 200, 8)], { images: [picture(50, 100, 560, 160)] }));
    expect(els.some((e) => e.candidates[0]!.type === 'Image')).toBe(false);
    expect(typeOf(els, 'word word')).toBe('Text');
  });

  it('a banner shape behind a numbered heading is no figure: number and words are one heading', () => {
    const shapes = [fill(50, 90, 300, 120), fill(52, 92, 70, 118), fill(70, 95, 80, 110), fill(80, 95, 90, 110), fill(90, 95, 100, 110), fill(100, 95, 110, 110)];
    const els = labelPage(page([run('1', 56, 98, { fontSize: 14 }), run('Introduction', 90, 98, { fontSize: 14 }), ...paragraph(50, 140, 12)], { paths: shapes }));
    expect(els.some((e) => e.candidates[0]!.type === 'Image')).toBe(false);
    expect(typeOf(els, '1 Introduction')).toBe('Section-header');
  });

  it('a shaded two-cell frame with a line of text in each cell is no figure', () => {
    // A letterhead as word processors draw it: two shaded cells, their borders, and zero-size joins
    // at the corners (which are no tick marks).
    const line = (x0: number, y0: number, x1: number, y1: number): VectorPath => ({ kind: 'line', rect: { x0, y0, x1, y1 }, stroked: false, filled: true, lineWidth: 0 });
    const join = (x: number, y: number): VectorPath => ({ kind: 'rect', rect: { x0: x, y0: y, x1: x, y1: y }, stroked: false, filled: true, lineWidth: 0 });
    const cell = (x0: number, x1: number): VectorPath => ({ kind: 'rect', rect: { x0, y0: 32, x1, y1: 119 }, stroked: false, filled: true, lineWidth: 0 });
    const frame = [cell(30, 306), cell(307, 564), line(30, 32, 564, 32), line(30, 119, 564, 119), line(30, 32, 30, 119), line(564, 32, 564, 119), line(306, 32, 307, 119)];
    const joins = [30, 306, 307, 564].flatMap((x) => [join(x, 32), join(x, 119), join(x, 32), join(x, 119)]);
    const els = labelPage(page([run('Prospectus of admission to the main market', 60, 62, { fontSize: 14, bold: true }), run('The Commodity Exchange', 380, 92, { bold: true }), ...paragraph(50, 160, 8)], { paths: [...frame, ...joins] }));
    expect(els.some((e) => e.candidates[0]!.type === 'Image')).toBe(false);
    expect(found(els, 'Prospectus of admission')).toBeDefined();
  });

  it('a pattern drawn over the whole page behind running text is no figure', () => {
    // Tiles of a background pattern, 100 pt apart, each a curve, covering the page.
    const tiles = Array.from({ length: 48 }, (_, i) => fill((i % 6) * 100, Math.floor(i / 6) * 105, (i % 6) * 100 + 104, Math.floor(i / 6) * 105 + 110));
    const els = labelPage(page([...paragraph(50, 100, 6), ...paragraph(50, 300, 6)], { paths: tiles }));
    expect(els.some((e) => e.candidates[0]!.type === 'Image')).toBe(false);
    expect(els.filter((e) => e.candidates[0]!.type === 'Text')).toHaveLength(2);
  });

  it('a label beside a picture does not pull the column next to it into the figure', () => {
    // A photo at the right margin, a column of text left of it, and across the column a row of a
    // diagram's short labels, each a little apart from the next, the first close to the photo.
    const column = [...paragraph(72, 210, 6), ...paragraph(72, 400, 6)].map((r) => ({ ...r, rect: { ...r.rect, x1: 437 } }));
    const labels = Array.from({ length: 4 }, (_, i) => run('a diagram label', 360 - 88 * i, 320));
    const els = labelPage(page([...column, ...labels], { images: [{ ...picture(447, 200, 595, 650), pixelWidth: 300, pixelHeight: 900 }] }));
    const paragraphs = els.filter((e) => e.candidates[0]!.type === 'Text' && e.lines[0]?.startsWith('word'));
    expect(paragraphs.map((e) => e.lines.length)).toEqual([6, 6]);
  });

  it('a picture with labels set small beside it stays a figure', () => {
    const els = labelPage(page([...paragraph(50, 100, 8), run('axis', 200, 300, { fontSize: 8 })], { images: [picture(100, 250, 400, 400)] }));
    expect(els.filter((e) => e.candidates[0]!.type === 'Image')).toHaveLength(1);
  });
});

describe('clipped pictures', () => {
  it('a picture placed larger than its clipping frame is read at the size of the frame', async () => {
    const pdf = await PDFDocument.create();
    const p = pdf.addPage([400, 400]);
    const png = await pdf.embedPng(encodePng(8, 8, gradient(8)));
    // Frame 100..200 x 100..200 (PDF space, y up); the picture spills 50 pt beyond it on every side.
    p.pushOperators(pushGraphicsState(), rectangle(100, 100, 100, 100), clip(), endPath());
    p.drawImage(png, { x: 50, y: 50, width: 200, height: 200 });
    p.pushOperators(popGraphicsState());
    const doc = await openDocument(await pdf.save());
    try {
      const content = await doc.readPage(1);
      expect(content.images).toHaveLength(1);
      const r = content.images[0]!.rect;
      expect([r.x0, r.y0, r.x1, r.y1].map(Math.round)).toEqual([100, 200, 200, 300]);
    } finally {
      await doc.close();
    }
  });
});

describe('lines beside lines', () => {
  it('an abstract set large beside a small-type column is not joined to it', () => {
    // 12 pt abstract ending at x=300, a 8.5 pt column starting 14 pt further right.
    const abstract = [0, 1, 2].map((i) => run('large abstract words here', 50, 100 + i * 15, { fontSize: 12 }));
    const column = [0, 1, 2, 3].map((i) => run('small column words of a paragraph', 314, 100 + i * 10.5, { fontSize: 8.5 }));
    const els = labelPage(page([...abstract, ...column, ...paragraph(50, 300, 10)]));
    expect(found(els, 'large abstract')!.lines.every((l) => !l.includes('small'))).toBe(true);
  });

  it('a paragraph opened by a drop cap keeps its lines together', () => {
    const cap = run('O', 50, 100, { fontSize: 30 });
    const lines = [run('ver the past three decades', 65, 100), ...[1, 2, 3, 4].map((i) => run('word '.repeat(14).trim(), 70, 100 + i * 12))];
    const els = labelPage(page([cap, ...lines, ...paragraph(50, 300, 8)]));
    const para = found(els, 'Over the past')!;
    expect(para.lines).toHaveLength(5);
  });
});

describe('code', () => {
  // A monospaced face: every character 0.6 em wide, whatever the letters.
  const mono = (text: string, x: number, y: number): TextRun => ({ ...run(text, x, y, { fontName: 'BookMaster' }), rect: { x0: x, y0: y, x1: x + text.length * 6, y1: y + 10 } });
  // A proportional one: narrow letters narrow, wide ones wide.
  const prop = (text: string, x: number, y: number): TextRun => {
    const w = [...text].reduce((s, c) => s + (/[ijlft .]/.test(c) ? 2.8 : /[mwMW]/.test(c) ? 8.6 : 5.4), 0);
    return { ...run(text, x, y), rect: { x0: x, y0: y, x1: x + w, y1: y + 10 } };
  };
  // Twelve lines of running text in the proportional face (enough for the page to have prose).
  const words = ['will fill the little list', 'MAWM wow mum', 'a normal sentence here', 'with words of all widths', 'it is what it is.', 'many more words follow'];
  const prose = (y: number): TextRun[] => [...words, ...words].map((t, i) => prop(t, 50, y + i * 12));

  it('lines in a monospaced face beside running text are code: text, never a heading', () => {
    const body = prose(40);
    const code = ['RETURN CASE', 'ELSE NULL', 'WHEN x THEN y', 'END ENABLE', 'SELECT * FROM t'].map((t, i) => mono(t, 50, 220 + i * 24));
    const els = labelPage(page([...body, ...code]));
    const elseNull = found(els, 'ELSE NULL')!;
    expect(elseNull.candidates[0]!.type).toBe('Text');
    expect(elseNull.properties?.['code']).toBe(true);
    expect(found(els, 'will fill')!.properties?.['code']).toBeUndefined();
  });

  it('a paragraph right under code starts apart from it; code under a colon starts apart from the paragraph', () => {
    // The libtasn1 manual: `END` closing a syntax example over the next paragraph at the same
    // leading; an example set in under a paragraph ending with a colon.
    const body = prose(40);
    const courier = (text: string, x: number, y: number): TextRun => ({ ...mono(text, x, y), fontName: 'Courier' });
    const code = ['BEGIN', 'x ::= INTEGER', 'END'].map((t, i) => courier(t, 70, 200 + i * 12));
    const after = [prop('The token must be separate from other elements, so the', 50, 236), prop('following declaration is invalid:', 50, 248)];
    const example = courier('Version ::=INTEGER', 70, 260);
    const els = labelPage(page([...body, ...code, ...after, example]));
    expect(found(els, 'BEGIN')!.lines).toEqual(['BEGIN', 'x ::= INTEGER', 'END']);
    expect(found(els, 'The token')!.lines).toHaveLength(2);
    expect(found(els, 'Version ::=INTEGER')!.properties?.['code']).toBe(true);
  });

  it("a footnote's address in the code face, opened by its mark, is a footnote", () => {
    const body = prose(40);
    const courier = (text: string, x: number, y: number, size = 10): TextRun => ({ ...run(text, x, y, { fontName: 'Courier', fontSize: size }), rect: { x0: x, y0: y, x1: x + text.length * 0.6 * size, y1: y + size } });
    const example = ['int f([in,string] char * msg);', 'int g(void);'].map((t, i) => courier(t, 70, 220 + i * 12));
    const note = [run('1', 50, 700, { fontSize: 5.5 }), courier('http://caml.inria.fr/ocaml/htmlman/index.html', 54, 701, 8)];
    const els = labelPage(page([...body, ...example, ...note]));
    expect(els.find((e) => e.lines.join(' ').includes('caml.inria'))!.candidates[0]!.type).toBe('Footnote');
    expect(found(els, 'int f(')!.properties?.['code']).toBe(true);
  });

  it('on a page mostly of code, a sentence between examples is text, not a heading in a face of its own', () => {
    // zoo's FAQ: example after example, and between them `Or, fix it up by taking last ...:`.
    const code = (y: number) => ['> aggregate(z, identity, tail, 1)', '1 2 3 4 5 1 4 5 6 8 9 10 11 12', '> z <- suppressWarnings(zoo(1:8))'].map((t, i) => mono(t, 50, y + i * 12));
    const els = labelPage(page([...prose(400), ...code(100), prop('Or, fix it up by taking last in each set:', 50, 150), ...code(170), ...code(220), ...code(270), ...code(320)]));
    expect(typeOf(els, 'Or, fix it up')).toBe('Text');
  });

  it('code on a page of little else is code when earlier pages showed its face to be code', () => {
    const lines = ['> identical(z1, z2)', '[1] TRUE'].map((t, i) => ({ ...mono(t, 50, 100 + i * 12), fontName: 'LMMonoSlant10' }));
    const alone = labelPage(page([...lines, prop('Affiliation:', 50, 200)]));
    expect(found(alone, '> identical')!.properties?.['code']).toBeUndefined();
    const known = labelPage(page([...lines, prop('Affiliation:', 50, 200)]), { documentCode: new Set(['LMMonoSlant10']) });
    expect(found(known, '> identical')!.properties?.['code']).toBe(true);
    expect(typeOf(known, '> identical')).toBe('Text');
  });

  it('items opened by a bullet are list items though their words are in the code face', () => {
    const body = prose(40);
    const items = ['• INTEGER;', '• BOOLEAN;', '• OCTET STRING;'].map((t, i) => ({ ...mono(t, 60, 200 + i * 12), fontName: 'Courier' }));
    const els = labelPage(page([...body, ...items]));
    expect(typeOf(els, '• BOOLEAN')).toBe('List-item');
  });
});

describe('references', () => {
  // olmOCR's math page: numbered references with a hanging indent; titles in italics.
  const ref = (n: number, y: number, title: string, rest: string): TextRun[] => [
    run(`${n}. Erich Lamprecht,`, 77, y, { rect: { x0: 77, y0: y, x1: 166, y1: y + 10 } }),
    run(title, 169, y, { fontName: 'Palladio-Ital', italic: true, rect: { x0: 169, y0: y, x1: 531, y1: y + 10 } }),
    run(rest, 89.4, y + 15),
  ];

  it('a reference whose first line is mostly italic goes on in roman under its words', () => {
    const els = labelPage(page([...paragraph(50, 100, 4), ...ref(7, 200, 'Allgemeine theorie der Gaußschen Summen in endlichen Ringen, Mathe-', 'matische Nachrichten 9 (1953), no. 3, 149–196.')]));
    expect(found(els, '7. Erich')!.lines).toHaveLength(2);
    expect(found(els, 'matische')).toBeUndefined();
  });

  it('the end of a page range alone under a reference (415.) continues it; the next number starts the next one', () => {
    const els = labelPage(page([...paragraph(50, 100, 4), ...ref(4, 200, 'Characterization of finite frobenius rings, Archiv der Mathematik, 406–', '415.'), ...ref(5, 230, 'Elementary divisors and modules, Transactions of the Society', '66 (1949), no. 2, 464–491.')]));
    expect(found(els, '4. Erich')!.lines).toHaveLength(2);
    expect(found(els, '415.')).toBeUndefined();
    expect(typeOf(els, '5. Erich')).toBe('List-item');
  });
});

describe('references set with a hanging indent', () => {
  it('a reference whose first line is mostly an italic title, and one whose address runs on in the code face, stay whole', () => {
    // The sandwich package's vignette (JSS style): `Cameron AC, Trivedi PK (2005). <title in
    // italics>. Cambridge` / `University Press, Cambridge.`; `... 447–456. doi:` / `10.1214/...` in typewriter.
    const words = ['will fill the little list', 'MAWM wow mum now', 'a normal sentence here', 'with words of all widths'];
    const prose = [...words, ...words, ...words].map((t, i) => run(t, 50, 60 + i * 12));
    const code = ['R> library("sandwich")', 'R> data("PetersenCL")', 'R> m <- lm(y ~ x)', 'R> vcovCL(m)', 'R> coeftest(m)'].map((t, i) => ({ ...run(t, 50, 220 + i * 12, { fontName: 'Courier' }), rect: { x0: 50, y0: 220 + i * 12, x1: 50 + t.length * 6, y1: 230 + i * 12 } }));
    const refs = [
      run('Cameron AC, Trivedi PK (2005).', 50, 320, { rect: { x0: 50, y0: 320, x1: 180, y1: 330 } }),
      run('Microeconometrics: Methods and Applications Second Edition.', 183, 320, { italic: true, fontName: 'Times-Italic', rect: { x0: 183, y0: 320, x1: 520, y1: 330 } }),
      run('Cambridge', 523, 320, { rect: { x0: 523, y0: 320, x1: 545, y1: 330 } }),
      run('University Press, Cambridge.', 65, 332),
      run('Eicker F (1963). Asymptotic Normality and Consistency of the Least Squares Estimator. doi:', 50, 356, { rect: { x0: 50, y0: 356, x1: 545, y1: 366 } }),
      { ...run('10.1214/aoms/1177704156.', 65, 368, { fontName: 'Courier' }), rect: { x0: 65, y0: 368, x1: 209, y1: 378 } },
    ];
    const els = labelPage(page([...prose, ...code, ...refs]));
    expect(found(els, 'Cameron AC')!.lines).toHaveLength(2);
    expect(found(els, 'Eicker F')!.lines).toHaveLength(2);
  });
});

describe('display formulas', () => {
  // A display formula as pdf.js gives it: a large ∑ with its limits set above and below, the
  // summand and the equals sign apart, a fraction's numerator over its denominator.
  const formula = (y: number): TextRun[] => [
    run('n', 200, y - 14, { fontSize: 7, fontName: 'CMMI7' }),
    run('∑', 196, y - 4, { fontSize: 20, fontName: 'CMEX10' }),
    run('i=1', 197, y + 17, { fontSize: 7, fontName: 'CMMI7' }),
    run('ψ(g', 211, y - 6, { fontName: 'CMMI10' }),
    run('s', 226, y - 3, { fontSize: 7, fontName: 'CMMI7' }),
    run(')', 229, y - 6, { fontName: 'CMR10' }),
    run('ζn', 216, y + 6, { fontName: 'CMMI10' }),
    run('= c(g, R).', 238, y, { fontName: 'CMR10' }),
  ];

  it('the pieces of a display formula are one Formula, its text read row by row', () => {
    const els = labelPage(page([...paragraph(50, 100, 4), ...formula(180), ...paragraph(50, 230, 4)]));
    const formulas = els.filter((e) => e.candidates[0]!.type === 'Formula');
    expect(formulas).toHaveLength(1);
    const f = formulas[0]!;
    expect(f.rect.x0).toBeLessThanOrEqual(196);
    expect(f.rect.x1).toBeGreaterThanOrEqual(280);
    for (const piece of ['∑', 'ψ(g', 'ζn', '= c(g, R).', 'i=1']) expect(f.lines.join(' ')).toContain(piece);
    // Nothing of it left outside: the page is two paragraphs and the formula.
    expect(els.filter((e) => e.lines.length && !e.lines[0]!.startsWith('word'))).toHaveLength(1);
  });

  it('an equation centred on a line of its own, at the paragraph leading, is a Formula apart from the paragraphs', () => {
    // code_and_formula of the docling set: `a2 + 8 = 12` over the next paragraph's first line.
    const els = labelPage(page([...paragraph(50, 100, 3), run('a2 + 8 = 12', 200, 136), ...paragraph(50, 148, 3)]));
    expect(typeOf(els, 'a2 + 8 = 12')).toBe('Formula');
    expect(found(els, 'a2 + 8 = 12')!.lines).toEqual(['a2 + 8 = 12']);
  });

  it("an equation's number far right on its line is part of it, unless text stands between them", () => {
    const numbered = labelPage(page([...paragraph(50, 100, 4), run('y = Xb + u', 200, 170, { fontName: 'CMMI10' }), run('(1)', 520, 170), ...paragraph(50, 200, 4)]));
    const formula = numbered.filter((e) => e.candidates[0]!.type === 'Formula');
    expect(formula).toHaveLength(1);
    expect(formula[0]!.lines.join(' ')).toContain('(1)');
    // Another column's words between the two: the number is not the formula's.
    const apart = labelPage(page([...paragraph(50, 100, 4), run('y = Xb + u', 60, 170, { fontName: 'CMMI10' }), run('and so it', 300, 170), run('(1)', 520, 170), ...paragraph(50, 200, 4)]));
    expect(apart.find((e) => e.lines.join(' ').includes('y = Xb'))!.lines.join(' ')).not.toContain('(1)');
  });

  it('two formulas far apart stay two', () => {
    const els = labelPage(page([...paragraph(50, 100, 4), ...formula(180), ...paragraph(50, 230, 4), ...formula(320), ...paragraph(50, 370, 4)]));
    expect(els.filter((e) => e.candidates[0]!.type === 'Formula')).toHaveLength(2);
  });
});
