// Help texts. The options list is derived from the contract's schema, never written out here.
import { describeOptions } from '../core/index.ts';

export const MAIN_HELP = `tessera: partition documents into typed layout elements, on this machine.

Usage:
  tessera partition FILE|DIR... [options]   partition PDFs (and PNG/JPEG images)
  tessera serve [--port 8080] [--data DIR]  answer the service's HTTP API on this machine
  tessera --help-options                    list every partitioning option
  tessera --version

Run \`tessera partition --help\` for the partition command's flags.
`;

export const PARTITION_HELP = `Usage: tessera partition FILE|DIR... [flags]

Prints the response JSON of the partitioning service (status, status_code, elements).
Exit code: 0 when status_code is 200, 1 otherwise, 2 for usage errors.

Flags:
  -o, --options JSON|@FILE  the options object (see --help-options), inline or from a file
      --password P          password of an encrypted PDF
      --out PATH            write to PATH instead of stdout; with a directory input or several
                            files, PATH is a directory that gets one output file per input
      --markdown            print just the Markdown (sets output_format to markdown)
      --html                print just the HTML (sets output_format to html)
  -j, --jobs N              worker threads for files and pages (default: all cores)
      --ocr-engine NAME     OCR engine for scanned pages: tesseract or ppocr (default: ppocr for
                            Chinese, tesseract otherwise)
      --no-ocr              embedded text only, no OCR: scanned pages and pictures of text are
                            skipped with a status line (the fastest way through born-digital PDFs)
      --no-progress         no progress bar on stderr (shown only when stderr is a terminal)
      --help-options        list every partitioning option
`;

function show(value: unknown): string {
  return value === undefined ? 'absent' : JSON.stringify(value);
}

export function optionsHelp(): string {
  const lines: string[] = ['Options (the "options" object of the partitioning service):', ''];
  let group = '';
  for (const field of describeOptions()) {
    if (field.group !== group) {
      group = field.group;
      lines.push(`${group}:`);
    }
    const allowed = field.allowed ? ` one of ${field.allowed.join(', ')};` : '';
    const bounds =
      field.min !== undefined || field.max !== undefined ? ` range ${field.min ?? '-inf'}..${field.max ?? 'inf'};` : '';
    const deprecated = field.deprecated ? ` DEPRECATED, use ${field.deprecated.replacement};` : '';
    lines.push(`  ${field.path} (${field.type};${allowed}${bounds} default ${show(field.default)})${deprecated}`);
    lines.push(`      ${field.description}`);
  }
  return lines.join('\n') + '\n';
}
