// Tables through the whole pipeline: a `table` element with its cells in the JSON response, a pipe
// table in Markdown, an HTML <table>; table_mode none keeps the element without cells.
import { describe, expect, it } from 'vitest';
import { partition } from '../../src/core/index.ts';
import { buildPdf } from '../fixtures/build-pdf.ts';
import './helpers.ts';

const ROWS = [
  ['Item', 'Quantity', 'Price'],
  ['Apples', '12', '3.40'],
  ['Pears', '7', '2.10'],
  ['Plums', '30', '5.95'],
];

async function doc(): Promise<Uint8Array> {
  const { bytes } = await buildPdf({
    pages: [
      {
        blocks: [
          { kind: 'paragraph', text: 'The order below was delivered on Monday morning to the shop in the market square of the old town.' },
          { kind: 'table', rows: ROWS },
          { kind: 'paragraph', text: 'Prices are per kilogram and include the delivery to the shop, which the supplier does not charge separately.' },
        ],
      },
    ],
  });
  return bytes;
}

describe('tables in the response', () => {
  it('JSON: one table element with cells, CSV text, and the surrounding text outside it', async () => {
    const res = await partition({ file: await doc() });
    expect(res.status_code).toBe(200);
    const tables = res.elements!.filter((e) => e.type === 'table');
    expect(tables).toHaveLength(1);
    const t = tables[0]!;
    expect(t.table!.num_rows).toBe(4);
    expect(t.table!.num_cols).toBe(3);
    expect(t.text_representation).toBe('Item,Quantity,Price\nApples,12,3.40\nPears,7,2.10\nPlums,30,5.95\n');
    expect(t.properties).toMatchObject({ columns: 3, rows: 4 });
    // No other element repeats the table's cells.
    const others = res.elements!.filter((e) => e.type !== 'table').map((e) => e.text_representation).join(' ');
    expect(others).not.toContain('Apples');
    expect(others).toContain('delivered on Monday');
  });

  it('Markdown: a pipe table; HTML: a <table> with header cells', async () => {
    const md = await partition({ file: await doc(), options: { output_format: 'markdown' } });
    const markdown = String(md.markdown);
    expect(markdown).toMatch(/\|\s*Item\s*\|\s*Quantity\s*\|\s*Price\s*\|/);
    expect(markdown).toMatch(/\|\s*Pears\s*\|\s*7\s*\|\s*2\.10\s*\|/);
    const html = await partition({ file: await doc(), options: { output_format: 'html' } });
    expect(html.html).toContain('<table>');
    expect(html.html).toMatch(/<th[^>]*>Item<\/th>/);
    expect(html.html).toMatch(/<td[^>]*>Plums<\/td>/);
  });

  it('table_mode none: the table element stays, without cells', async () => {
    const res = await partition({ file: await doc(), options: { table_mode: 'none' } });
    const tables = res.elements!.filter((e) => e.type === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.table).toBeUndefined();
    expect(tables[0]!.text_representation).toContain('Plums');
  });
});
