// Build step of the service worker (vite.config.ts): after the app is written, bundle src/sw/sw.ts
// into dist/sw.js (an ES module worker) plus one chunk per package under dist/sw/ (Chrome refuses
// service worker scripts over ~10 MB), then list every file of the build in dist/sw-manifest.json
// for the worker to precache on install.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'vite';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
}

/** `vendor-<package>` for a module inside node_modules, else null (stays in sw.js). */
function packageOf(id: string): string | null {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.split(sep).join('/'));
  return m ? `vendor-${m[1]!.replace(/[@/]/g, '_')}` : null;
}

/**
 * `lazy`: files not precached (large optional data such as OCR languages); the worker caches them
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
        // Tokenizer data (megabytes each) stays behind import(), which a service worker refuses: chunking
        // with those tokenizers answers with an in-body error there (see README, "Service").
        plugins: [],
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
            // file small; every import is static (see staticImports), as a worker cannot import().
            output: {
              entryFileNames: 'sw.js',
              chunkFileNames: 'sw/[name]-[hash].js',
              advancedChunks: { groups: [{ name: (id: string) => packageOf(id) }] },
            },
          },
        },
      });
      const files = walk(outDir)
        .map((f) => relative(outDir, f).split(sep).join('/'))
        .filter((f) => f !== 'sw.js' && !f.startsWith('sw/') && f !== 'sw-manifest.json' && !f.endsWith('.map'))
        .sort();
      const hash = createHash('sha256');
      for (const f of files) hash.update(f).update(readFileSync(join(outDir, f)));
      hash.update(readFileSync(join(outDir, 'sw.js')));
      const lazy = opts.lazy ?? (() => false);
      const manifest = {
        version: hash.digest('hex').slice(0, 16),
        files: files.filter((f) => !lazy(f)).map((f) => `${base}${f}`),
        lazy: files.filter((f) => lazy(f)).map((f) => `${base}${f}`),
      };
      writeFileSync(join(outDir, 'sw-manifest.json'), JSON.stringify(manifest));
    },
  };
}
