// The command line as three prebuilt files (main thread, partition threads, server engine threads),
// built with esbuild from src/ the first time they are needed and again whenever a source file they
// were built from changes. Run through tsx instead, every thread starts by compiling and resolving
// some two hundred TypeScript modules through a loader hook: about a second of CPU per thread, the
// largest cost of partitioning a short document. The bundles keep src/cli's depth in the tree
// (dist-node/cli/), so that paths relative to the sources (../../package.json, ../../models/)
// resolve the same from either; most packages stay in node_modules (BUNDLED below).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'dist-node', 'cli');
const ENTRIES = {
  main: 'src/cli/main.ts',
  // The names the pools look for beside their own module (src/cli/pool.ts, src/server/engine-pool.ts).
  'partition-worker': 'src/cli/partition-worker.ts',
  'engine-worker': 'src/server/engine-worker.ts',
};
// Packages every thread loads at start, small and plain JavaScript: bundled, they load several times
// faster than through Node resolving their modules one by one. Every other package stays in
// node_modules: pdf.js and the OCR engines find their workers, wasm and data beside themselves,
// canvas is native, the tokenizers' tables are megabytes loaded on demand.
const BUNDLED = new Set(['zod', 'fast-png', 'jpeg-js', 'utif2']);

/** An esbuild plugin: the sources' imports of packages are external, except those named (which come with their own dependencies). */
function packagesExcept(bundled) {
  return {
    name: 'packages-except',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        return bundled.has(name) || args.path.startsWith('node:') ? undefined : { path: args.path, external: true };
      });
    },
  };
}

const MAIN = join(OUT, 'main.mjs');
const INPUTS = join(OUT, 'inputs.json');

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Infinity; // gone: rebuild
  }
};

/** True when the bundle is missing or any file it was built from is newer. */
function stale() {
  const built = mtime(MAIN);
  if (built === Infinity) return true;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(INPUTS, 'utf8'));
  } catch {
    return true;
  }
  // Installed packages keep their tarballs' time stamps, so a changed install shows in the lock file.
  const install = ['package.json', 'package-lock.json'].filter((file) => existsSync(join(ROOT, file)));
  return [...inputs, ...install].some((file) => mtime(join(ROOT, file)) > built);
}

async function build() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesExcept(BUNDLED)],
    // Modules imported on demand (OCR engines, image encoders) become chunks of their own, so a
    // thread that never needs them never loads them.
    splitting: true,
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(OUT, { recursive: true });
  // Each file is written beside its place and renamed over it, so a tessera started meanwhile reads
  // whole files; main.mjs goes last, since its time stamp says the bundle is built.
  const files = result.outputFiles.sort((a, b) => (a.path === MAIN) - (b.path === MAIN));
  const put = (path, contents) => {
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, contents);
    renameSync(tmp, path);
  };
  const sources = Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules/'));
  put(INPUTS, JSON.stringify(sources.map((p) => relative(ROOT, join(ROOT, p)))));
  for (const file of files) put(file.path, file.contents);
}

/**
 * The URL of the bundled CLI's main module, built first if need be; null when it cannot be built
 * (esbuild missing, a read-only install, a source that does not compile): the caller then runs the
 * sources through tsx, which reports a compile error with its own message.
 */
export async function cliBundle() {
  if (process.env.TESSERA_NO_BUNDLE === '1') return null;
  try {
    if (stale()) await build();
    return pathToFileURL(MAIN);
  } catch {
    return null;
  }
}
