// The service worker's engine (src/sw/tab-engine.ts): a request that needs OCR goes to an open tab
// of the app that accepts it; windows that do not answer are skipped; a tab that closes, reloads
// or goes silent never leaves the request hanging; with no tab, the service worker answers itself
// and says that OCR needs an open Tessera tab. Tabs here are fakes speaking the real protocol over
// real MessageChannels; the fallback is core's real engine.
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodePdfEnvironment } from '../../src/cli/node-raster.ts';
import type { PartitionResponse } from '../../src/core/contract/types.ts';
import { directEngine } from '../../src/service/direct-engine.ts';
import type { Engine } from '../../src/service/index.ts';
import { MAX_RUNS, NO_TAB_OCR, tabEngine, type Tab, type TabEngineDeps } from '../../src/sw/tab-engine.ts';
import type { FromTab, TabRequest, ToTab } from '../../src/sw/tab-protocol.ts';
import { buildPdf } from '../fixtures/build-pdf.ts';
import { samplePdf } from './helpers.ts';

installNodePdfEnvironment();

type Script = (req: TabRequest, send: (m: FromTab) => void, cancelled: Promise<void>) => void;

/** A window of the app whose bridge behaves as `script` says. */
function fakeTab(id: string, script: Script, seen: TabRequest[] = []): Tab {
  return {
    id,
    postMessage(message) {
      seen.push(message);
      let onCancel!: () => void;
      const cancelled = new Promise<void>((r) => (onCancel = r));
      message.port.onmessage = (e: MessageEvent<ToTab>) => {
        if (e.data.type === 'cancel') onCancel();
      };
      script(message, (m) => message.port.postMessage(m), cancelled);
    },
  };
}

const answering =
  (markdown: string): Script =>
  (req, send) => {
    const line = `read ${req.filename} (${req.file.byteLength} bytes)`;
    send({ type: 'accepted' });
    send({ type: 'status', line });
    send({ type: 'result', response: { status: [line, 'a line the tab did not stream'], status_code: 200, markdown } });
  };

const silentWindow: Script = () => {};

async function run(engine: Engine, file: Uint8Array, options: unknown = {}, signal = new AbortController().signal) {
  const lines: string[] = [];
  const response: PartitionResponse = await engine.partition({ file, options, filename: 'doc.pdf', signal, onStatus: (l) => lines.push(l) });
  return { response, lines };
}

const fast = { acceptMs: 100, pollMs: 20, silenceMs: 5_000 };
const RUNNING = 'Running in an open Tessera tab (its engine worker has OCR)';
const HANDING = 'The document needs OCR, which the service worker cannot run: handing it to an open Tessera tab';

let scan: Uint8Array;
let digital: Uint8Array;
beforeAll(async () => {
  scan = (await buildPdf({ pages: [{ blocks: [{ kind: 'image', width: 300, height: 200 }] }] })).bytes;
  digital = await samplePdf(2, 'Digital Report');
});

/** The service worker's engine with these windows open (the fallback is core's real engine). */
const relay = (tabs: () => Tab[], more: Partial<TabEngineDeps> = {}) =>
  tabEngine({ tabs: async () => tabs(), isOpen: async (id) => tabs().some((t) => t.id === id), local: directEngine, ...fast, ...more });

describe('the service worker hands a request that needs OCR to an open tab', () => {
  it('text_mode ocr_standard: the tab answers, with every status line of the request', async () => {
    const seen: TabRequest[] = [];
    const tab = fakeTab('a', answering('# From the tab'), seen);
    const { response, lines } = await run(relay(() => [tab]), digital, { text_mode: 'ocr_standard' });
    expect(response).toMatchObject({ status_code: 200, markdown: '# From the tab' });
    expect(lines.slice(-3)).toEqual([HANDING, RUNNING, `read doc.pdf (${digital.byteLength} bytes)`]);
    expect(response.status).toEqual([...lines, 'a line the tab did not stream']);
    expect(seen[0]!.options).toEqual({ text_mode: 'ocr_standard' });
  });

  it('a scanned page in auto mode: the run here stops at the scan and the tab reads it', async () => {
    const { response, lines } = await run(relay(() => [fakeTab('a', answering('# Read by OCR'))]), scan);
    expect(response.markdown).toBe('# Read by OCR');
    expect(lines).toContain(HANDING);
    expect(lines.some((l) => l.includes('OCR skipped'))).toBe(false);
  });

  it('born-digital text stays in the service worker even with a tab open', async () => {
    const never: Script = () => {
      throw new Error('a document without scans must not go to a tab');
    };
    const { response, lines } = await run(relay(() => [fakeTab('a', never)]), digital, { output_format: 'markdown' });
    expect(response.status_code).toBe(200);
    expect(response.markdown).toContain('# Digital Report');
    expect(lines).not.toContain(HANDING);
  });

  it('skips a window that never accepts and asks the next one', async () => {
    const tabs = [fakeTab('not-the-app', silentWindow), fakeTab('app', answering('# Second window'))];
    const { response } = await run(relay(() => tabs), scan);
    expect(response.markdown).toBe('# Second window');
  });

  it('tells a tab that accepts too late to stop, and does not wait for it', async () => {
    let lateTabStopped = false;
    const late: Script = (_req, send, cancelled) => {
      void cancelled.then(() => (lateTabStopped = true));
      setTimeout(() => send({ type: 'accepted' }), 300); // acceptMs is 100
    };
    const tabs = [fakeTab('busy', late), fakeTab('app', answering('# Prompt tab'))];
    const { response } = await run(relay(() => tabs), scan);
    expect(response.markdown).toBe('# Prompt tab');
    await expect.poll(() => lateTabStopped).toBe(true);
  });

  it('starts again on another tab when the tab running the request is closed', async () => {
    const open = new Set(['a', 'b']);
    const closing: Script = (_req, send) => {
      send({ type: 'accepted' });
      send({ type: 'status', line: 'page 1 of the first run' });
      setTimeout(() => open.delete('a'), 50);
    };
    const tabs = { a: fakeTab('a', closing), b: fakeTab('b', answering('# Second tab')) };
    const { response, lines } = await run(relay(() => [...open].map((id) => tabs[id as 'a' | 'b'])), scan);
    expect(response.markdown).toBe('# Second tab');
    expect(lines).toContain('The Tessera tab running this request was closed: starting again');
  });

  it('answers here, without OCR, when the only tab reloads and none comes back', async () => {
    let listed = true;
    const reloading: Script = (_req, send) => {
      send({ type: 'accepted' });
      listed = false;
      send({ type: 'gone' });
    };
    const tab = fakeTab('a', reloading);
    const { response, lines } = await run(relay(() => (listed ? [tab] : [])), scan);
    expect(response.status_code).toBe(200);
    expect(lines).toContain('The Tessera tab running this request was closed or reloaded: starting again');
    expect(lines).toContain('No open Tessera tab answered: answering here, without OCR');
    expect(lines.some((l) => l.includes(`OCR skipped on page 1: ${NO_TAB_OCR}`))).toBe(true);
    expect(response.status).toEqual(lines);
  });

  it(`gives up with a clear error after ${MAX_RUNS} runs on tabs that keep going away`, async () => {
    let n = 0;
    const gone: Script = (_req, send) => {
      send({ type: 'accepted' });
      send({ type: 'gone' });
    };
    const { response } = await run(relay(() => [fakeTab(`tab-${n++}`, gone)], { isOpen: async () => true }), scan);
    expect(response.status_code).toBe(500);
    expect(response.error).toBe(`500: The Tessera tab running this request was closed or reloaded, ${MAX_RUNS} times: giving up.`);
  });

  it('gives up on a tab that accepted and then went silent, and tells it to stop', async () => {
    let stopped = false;
    const mute: Script = (_req, send, cancelled) => {
      send({ type: 'accepted' });
      void cancelled.then(() => (stopped = true));
    };
    const tab = fakeTab('a', mute);
    const { response } = await run(relay(() => [tab], { silenceMs: 100 }), scan);
    expect(response.status_code).toBe(500);
    expect(response.error).toMatch(/stopped answering for 0 s, 3 times: giving up/);
    await expect.poll(() => stopped).toBe(true);
  });

  it('reports the tab’s own failure', async () => {
    const crashing: Script = (_req, send) => {
      send({ type: 'accepted' });
      send({ type: 'failed', message: 'The engine worker failed' });
    };
    const tab = fakeTab('a', crashing);
    const { response } = await run(relay(() => [tab]), scan);
    expect(response).toMatchObject({ status_code: 500, error: '500: The Tessera tab could not run the request: The engine worker failed' });
  });

  it('tells the tab to stop when the request is cancelled', async () => {
    let tabCancelled = false;
    const controller = new AbortController();
    const slow: Script = (_req, send, cancelled) => {
      send({ type: 'accepted' });
      setTimeout(() => controller.abort(), 20);
      void cancelled.then(() => (tabCancelled = true));
    };
    const tab = fakeTab('a', slow);
    const { response } = await run(relay(() => [tab]), scan, {}, controller.signal);
    expect(response.status_code).toBe(499);
    await expect.poll(() => tabCancelled).toBe(true);
  });
});

describe('with no tab open, the service worker answers without OCR', () => {
  const alone = relay(() => []);

  it('partitions born-digital text', async () => {
    const { response } = await run(alone, digital, { output_format: 'markdown' });
    expect(response.status_code).toBe(200);
    expect(response.markdown).toContain('# Digital Report');
  });

  it('says that OCR needs an open Tessera tab when a scanned page is skipped', async () => {
    const { response, lines } = await run(alone, scan);
    expect(response.status_code).toBe(200);
    expect(lines.some((l) => l.includes(`OCR skipped on page 1: ${NO_TAB_OCR}`))).toBe(true);
  });

  it('fails an explicit OCR request with an error that says to open a Tessera tab', async () => {
    const { response } = await run(alone, digital, { text_mode: 'ocr_standard' });
    expect(response.status_code).toBe(400);
    expect(response.error).toContain(NO_TAB_OCR);
  });

  it('gives the same answer when the only open window is not the app', async () => {
    const { response, lines } = await run(relay(() => [fakeTab('not-the-app', silentWindow)]), digital, { text_mode: 'ocr_standard' });
    expect(response.status_code).toBe(400);
    expect(response.error).toContain(NO_TAB_OCR);
    expect(lines).toContain('No open Tessera tab answered: answering here, without OCR');
  });
});
