// Lines -> blocks: consecutive lines of one column, close together and of similar size.
import type { Rect } from '../pdf/types.ts';
import type { Line } from './lines.ts';

export interface Block {
  lines: Line[];
  rect: Rect;
  fontSize: number;
  bold: boolean;
}

/** Largest gap between lines of one paragraph, in line heights. */
const MAX_LEADING = 0.9;
const SIZE_RATIO = 1.2;

function horizontalOverlap(a: Rect, b: Rect): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}

function fits(block: Block, line: Line): boolean {
  const last = block.lines[block.lines.length - 1]!;
  const height = Math.max(last.rect.y1 - last.rect.y0, line.rect.y1 - line.rect.y0);
  const gap = line.rect.y0 - last.rect.y1;
  const ratio = Math.max(line.fontSize, block.fontSize) / Math.max(1e-6, Math.min(line.fontSize, block.fontSize));
  return (
    gap > -0.5 * height &&
    gap < MAX_LEADING * height &&
    ratio < SIZE_RATIO &&
    line.bold === block.bold &&
    horizontalOverlap(block.rect, line.rect) > 0
  );
}

function extend(block: Block, line: Line): void {
  const n = block.lines.length;
  block.fontSize = (block.fontSize * n + line.fontSize) / (n + 1);
  block.lines.push(line);
  block.rect = {
    x0: Math.min(block.rect.x0, line.rect.x0),
    y0: Math.min(block.rect.y0, line.rect.y0),
    x1: Math.max(block.rect.x1, line.rect.x1),
    y1: Math.max(block.rect.y1, line.rect.y1),
  };
}

export function buildBlocks(lines: readonly Line[]): Block[] {
  const sorted = [...lines].sort((a, b) => a.rect.y0 - b.rect.y0 || a.rect.x0 - b.rect.x0);
  const blocks: Block[] = [];
  for (const line of sorted) {
    // The most recent block the line can continue; blocks of other columns stay open beside it.
    const target = blocks.findLast((b) => fits(b, line));
    if (target) extend(target, line);
    else blocks.push({ lines: [line], rect: { ...line.rect }, fontSize: line.fontSize, bold: line.bold });
  }
  return blocks;
}
