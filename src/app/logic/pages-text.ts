// selected_pages in the form: "1, 3-5, 8" <-> [1, [3, 5], 8]. The contract parser checks the result
// (zero, reversed, overlapping entries); this only reads the short syntax.

export type PageEntry = number | [number, number];

export function parsePagesText(text: string): { ok: true; pages: PageEntry[] | undefined } | { ok: false; message: string } {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0) return { ok: true, pages: undefined };
  const pages: PageEntry[] = [];
  for (const part of parts) {
    const m = /^(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(part);
    if (!m) return { ok: false, message: `"${part}" is not a page number or a range like 3-5` };
    const a = Number(m[1]);
    pages.push(m[2] === undefined ? a : [a, Number(m[2])]);
  }
  return { ok: true, pages };
}

export function formatPages(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((e: unknown) => (Array.isArray(e) ? `${String(e[0])}-${String(e[1])}` : String(e))).join(', ');
}
