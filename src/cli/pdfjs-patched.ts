// pdf.js with one option added: getDocument({ renderable: false }), for a document whose pages are
// read (operator lists, text) and never drawn. While it builds a page's operator list, pdf.js
// decodes every picture (JPEG, Flate, JPEG 2000, colour conversion) and, in Node, compiles the
// outline of every glyph shown, though the list itself only places them: a layout-only run never
// looks at those pixels or outlines, and they were a fifth of its time on the born-digital corpus.
// pdf.js has no switch for either (maxImageSize drops the picture's placement too), so Node loads
// a copy of its two modules with these few lines changed. The copies live in node_modules/.cache
// (test runners and the bundle leave that as plain modules) under a name made of pdf.js's version
// and the patch, so an upgrade or a new patch makes new ones. When a patch no longer finds its place
// in the installed pdf.js, the package's own modules are loaded instead, with a warning, and
// everything works as before, only slower; test/pdf/pdfjs-patched.test.ts fails then, so that an
// upgrade of pdf.js is noticed.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface Patch {
  /** Why: what the lines do. */
  what: string;
  /** Exactly one place in the file. */
  find: string;
  replace: string;
}

/** The changes, per module of pdfjs-dist/legacy/build. */
export const PDFJS_PATCHES: Record<'pdf.mjs' | 'pdf.worker.mjs', Patch[]> = {
  'pdf.mjs': [
    {
      what: 'getDocument passes renderable (default true) to the worker with the other evaluator options',
      find: '    evaluatorOptions: {\n      maxImageSize,\n',
      replace: '    evaluatorOptions: {\n      renderable: src.renderable !== false,\n      maxImageSize,\n',
    },
  ],
  'pdf.worker.mjs': [
    {
      // The paint operation is in the list already (its object id, width and height); nothing is
      // cached, so no other page or render finds an image that was never decoded. Type 3 glyphs
      // are drawn from their font's own lists, which are built once per document: those still decode.
      what: 'not renderable: a picture is placed in the operator list but not decoded',
      find: '    operatorList.addImageOps(fn, args, optionalContent, hasMask);\n    if (cacheGlobally) {\n',
      replace:
        '    operatorList.addImageOps(fn, args, optionalContent, hasMask);\n' +
        '    if (this.options.renderable === false && !this.parsingType3Font) {\n      return;\n    }\n' +
        '    if (cacheGlobally) {\n',
    },
    {
      // Outlines are what Node draws text with (no font loading there); reading needs only the glyphs.
      what: 'not renderable: no glyph outlines are built for the text shown',
      find: '    const glyphs = font.charsToGlyphs(chars);\n    if (font.data) {\n',
      replace: '    const glyphs = font.charsToGlyphs(chars);\n    if (font.data && this.options.renderable !== false) {\n',
    },
  ],
};

/** `source` with every patch applied; throws naming the patch that no longer fits. */
export function applyPatches(file: string, source: string, patches: Patch[]): string {
  let out = source;
  for (const p of patches) {
    const at = out.indexOf(p.find);
    if (at < 0 || out.indexOf(p.find, at + 1) >= 0) {
      throw new Error(`pdf.js patch "${p.what}" ${at < 0 ? 'finds no place' : 'finds several places'} in ${file}`);
    }
    out = out.slice(0, at) + p.replace + out.slice(at + p.find.length);
  }
  // No source map lies beside the copy.
  return out.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
}

export interface PdfjsModules {
  /** URLs of the API module and the worker module to import. */
  api: string;
  worker: string;
  /** True when they are the patched copies (getDocument understands renderable: false). */
  patched: boolean;
}

let warned = false;

/**
 * The patched copies of pdf.js's legacy modules, written on first use; the package's own modules
 * (with a warning on stderr, once) when the patch does not fit them or the copies cannot be written.
 */
export function pdfjsModules(): PdfjsModules {
  const require = createRequire(import.meta.url);
  const pkg = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const build = path.join(pkg, 'legacy', 'build');
  const original: PdfjsModules = {
    api: pathToFileURL(path.join(build, 'pdf.mjs')).href,
    worker: pathToFileURL(path.join(build, 'pdf.worker.mjs')).href,
    patched: false,
  };
  try {
    const version = (JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
    const hash = createHash('sha256').update(JSON.stringify(PDFJS_PATCHES)).digest('hex').slice(0, 12);
    // Beside pdfjs-dist, so that its imports of other packages (the canvas) resolve as from the original.
    const dir = path.join(pkg, '..', '.cache', 'tessera-pdfjs', `${version}-${hash}`);
    if (!existsSync(path.join(dir, 'pdf.worker.mjs'))) {
      writeCopies(build, dir);
      removeOlderCopies(dir);
    }
    return {
      api: pathToFileURL(path.join(dir, 'pdf.mjs')).href,
      worker: pathToFileURL(path.join(dir, 'pdf.worker.mjs')).href,
      patched: true,
    };
  } catch (e) {
    if (!warned) {
      warned = true;
      process.stderr.write(`tessera: using pdf.js unpatched (pages are read as slowly as if they were drawn): ${(e as Error).message}\n`);
    }
    return original;
  }
}

/** Both copies into `dir`, made whole in a directory of their own first and then renamed into place. */
function writeCopies(build: string, dir: string): void {
  const tmp = `${dir}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  mkdirSync(tmp, { recursive: true });
  try {
    for (const file of ['pdf.mjs', 'pdf.worker.mjs'] as const) {
      writeFileSync(path.join(tmp, file), applyPatches(file, readFileSync(path.join(build, file), 'utf8'), PDFJS_PATCHES[file]));
    }
    try {
      renameSync(tmp, dir);
    } catch (e) {
      // Another process wrote them meanwhile: theirs are the same.
      if (!existsSync(path.join(dir, 'pdf.worker.mjs'))) throw e;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Copies made for another pdf.js or another patch (3 MB each). A failure to remove them leaves them
 * in the cache, said on stderr, and the new copies in use.
 */
function removeOlderCopies(dir: string): void {
  const parent = path.dirname(dir);
  try {
    for (const name of readdirSync(parent)) {
      // Half-written copies of other processes (*.tmp) are theirs to finish.
      if (name !== path.basename(dir) && !name.endsWith('.tmp')) rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  } catch (e) {
    process.stderr.write(`tessera: could not remove old pdf.js copies in ${parent}: ${(e as Error).message}\n`);
  }
}
