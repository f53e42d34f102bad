// Which files a command line names, and where each one's output goes.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { UsageError, type OutputKind } from './args.ts';

const DOCUMENT = /\.(pdf|png|jpe?g|tiff?)$/i;
const EXTENSION: Record<OutputKind, string> = { json: '.json', markdown: '.md', html: '.html' };

export interface InputFile {
  path: string;
  /** Where its output goes; undefined: standard output. */
  outPath: string | undefined;
}

/** Files of `dir` and its subfolders, symbolic links followed (each real folder walked once). */
function walk(dir: string, seen = new Set<string>()): string[] {
  const real = realpathSync(dir);
  if (seen.has(real)) return [];
  seen.add(real);
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      let kind: 'dir' | 'file' | 'other' = entry.isDirectory() ? 'dir' : entry.isFile() ? 'file' : 'other';
      if (entry.isSymbolicLink()) {
        try {
          const target = statSync(path);
          kind = target.isDirectory() ? 'dir' : target.isFile() ? 'file' : 'other';
        } catch {
          kind = 'file'; // a dangling link: a document by its name is reported as unreadable
        }
      }
      if (kind === 'dir') return walk(path, seen);
      return kind === 'file' && DOCUMENT.test(entry.name) ? [path] : [];
    });
}

export function resolveInputs(inputs: string[], out: string | undefined, kind: OutputKind): InputFile[] {
  const files: Array<{ path: string; root: string | undefined }> = [];
  let sawDirectory = false;
  for (const input of inputs) {
    let stat;
    try {
      stat = statSync(input);
    } catch {
      throw new UsageError(`no such file or directory: ${input}`);
    }
    if (stat.isDirectory()) {
      sawDirectory = true;
      files.push(...walk(input).map((path) => ({ path, root: input })));
    } else files.push({ path: input, root: undefined });
  }
  if (files.length === 0) throw new UsageError(`no PDF or image files in ${inputs.join(', ')}`);
  const many = sawDirectory || files.length > 1;
  if (many && !out) throw new UsageError('several inputs: give --out DIR for their output files');
  return files.map(({ path, root }) => {
    if (!many) return { path, outPath: out };
    const name = root ? relative(root, path).replaceAll('/', '__') : basename(path);
    return { path, outPath: join(out!, name.slice(0, name.length - extname(name).length) + EXTENSION[kind]) };
  });
}
