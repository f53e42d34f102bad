import { describe, expect, it } from 'vitest';
import { StatusLog } from '../../src/core/status.ts';

describe('status lines', () => {
  it('are written in the service style, seconds since the start as %7.2f', () => {
    let now = 1000;
    const seen: string[] = [];
    const log = new StatusLog(() => now, (l) => seen.push(l));
    now += 240;
    log.add('Completed work on page 1');
    now += 123_456;
    log.add('Completed work on page 2');
    expect(log.lines).toEqual(['T+   0.24: Completed work on page 1', 'T+ 123.70: Completed work on page 2']);
    expect(seen).toEqual(log.lines);
  });
});
