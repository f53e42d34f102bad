// The engine behind the service worker's /v1. The partition runs in the service worker's own
// thread, as before; but a service worker cannot start a dedicated Worker, and OCR (tesseract.js)
// needs one. So when the run finds that it needs OCR (a scanned page or an image with no OCR
// engine here, or text_mode "ocr_standard"), it stops and the request goes to an open tab of the
// app, whose engine Web Worker runs it again from the start, with OCR (src/app/sw-bridge.ts).
//
// Tabs: the first open window of the app that accepts the request runs it (focused tabs first); a
// window that does not accept within `acceptMs` (a page of the origin without the bridge, a frozen
// tab) is skipped. A tab that closes, reloads or goes silent during the run loses nothing: the
// request starts again on another tab, or here (up to MAX_RUNS runs, then a clear 500; never a
// hang). With no tab, the request is answered here without OCR: its status lines and errors say
// that OCR needs an open Tessera tab.
import type { PartitionResponse } from '../core/contract/types.ts';
import type { Engine } from '../service/types.ts';
import { TAB_REQUEST, type FromTab, type TabRequest, type ToTab } from './tab-protocol.ts';

/** A window of the app's origin, as far as the relay needs it (a ServiceWorker Client). */
export interface Tab {
  id: string;
  postMessage(message: TabRequest, transfer: Transferable[]): void;
}

export interface TabEngineDeps {
  /** Open windows of the app's origin, best first. */
  tabs(): Promise<Tab[]>;
  /** Whether that window is still open. */
  isOpen(id: string): Promise<boolean>;
  /** The engine in the service worker's own thread (no OCR there), for when no tab answers. */
  local: Engine;
  /** How long a window has to accept a request before the next one is asked. */
  acceptMs?: number;
  /** A tab that sends nothing (no status line, no heartbeat) for this long is given up. */
  silenceMs?: number;
  /** How often a running tab is checked for being still open. */
  pollMs?: number;
}

export const NO_TAB_OCR =
  'OCR behind /v1 needs an open Tessera tab (the service worker cannot run OCR itself): open the app on this origin and send the request again';

/** Runs of one request at most, when the tabs running it keep going away. */
export const MAX_RUNS = 3;

const failure = (message: string): PartitionResponse => ({ status: [], status_code: 500, error: `500: ${message}` });
const cancelled = (): PartitionResponse => ({ status: [], status_code: 499, error: '499: The request was cancelled.' });

type Req = Parameters<Engine['partition']>[0];

/** Why a tab's run ended without an answer (closed, reloaded, silent): the request may run again. */
interface Lost {
  lost: string;
}

/** One attempt on one tab: its answer, 'declined' when it does not accept in time, or Lost. */
function forward(
  tab: Tab,
  req: Req,
  deps: Required<Omit<TabEngineDeps, 'tabs' | 'local'>>,
  onAccepted: () => void,
): Promise<PartitionResponse | 'declined' | Lost> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const port = channel.port1;
    let accepted = false;
    let done = false;
    let lastHeard = Date.now();
    const finish = (out: PartitionResponse | 'declined' | Lost) => {
      if (done) return;
      done = true;
      clearTimeout(acceptTimer);
      clearInterval(watch);
      req.signal.removeEventListener('abort', onAbort);
      port.onmessage = null;
      port.close();
      resolve(out);
    };
    const acceptTimer = setTimeout(() => {
      // A tab that accepts later (its main thread was busy) finds this waiting and stops at once.
      port.postMessage({ type: 'cancel' } satisfies ToTab);
      finish('declined');
    }, deps.acceptMs);
    const watch = setInterval(() => {
      if (!accepted || done) return;
      if (Date.now() - lastHeard > deps.silenceMs) {
        port.postMessage({ type: 'cancel' } satisfies ToTab);
        finish({ lost: `The Tessera tab running this request stopped answering for ${Math.round(deps.silenceMs / 1000)} s` });
        return;
      }
      deps.isOpen(tab.id).then(
        (open) => {
          if (!open) finish({ lost: 'The Tessera tab running this request was closed' });
        },
        (err: unknown) => finish(failure(`Cannot tell whether the Tessera tab is still open: ${(err as Error).message}`)),
      );
    }, deps.pollMs);
    function onAbort() {
      if (accepted) port.postMessage({ type: 'cancel' } satisfies ToTab);
      finish(cancelled());
    }
    port.onmessage = (e: MessageEvent<FromTab>) => {
      const msg = e.data;
      lastHeard = Date.now();
      switch (msg.type) {
        case 'accepted':
          accepted = true;
          clearTimeout(acceptTimer);
          onAccepted();
          return;
        case 'status':
          req.onStatus(msg.line);
          return;
        case 'alive':
          return;
        case 'result':
          finish(msg.response);
          return;
        case 'failed':
          finish(failure(`The Tessera tab could not run the request: ${msg.message}`));
          return;
        case 'gone':
          finish({ lost: 'The Tessera tab running this request was closed or reloaded' });
          return;
      }
    };
    if (req.signal.aborted) return finish(cancelled());
    req.signal.addEventListener('abort', onAbort, { once: true });
    // A copy the tab may own: the caller keeps its bytes (the service stores them in a DocSet).
    const file = req.file.slice().buffer as ArrayBuffer;
    const message: TabRequest = { kind: TAB_REQUEST, port: channel.port2, file, options: req.options, filename: req.filename };
    try {
      tab.postMessage(message, [channel.port2, file]);
    } catch {
      // The window went away between the listing and the message (postMessage throws
      // InvalidStateError): it simply does not take the request, like one that never answers.
      finish('declined');
    }
  });
}

const NO_OCR_LINE = /no OCR engine in this environment/;
const NO_OCR_ERROR = /OCR is not available in this environment: no OCR engine is installed/;

/**
 * Core's words for "no OCR here" (src/core/ocr/stage.ts, registry.ts), said as what the user can
 * do about it. test/service/tab-engine.test.ts runs core itself, so it fails if the wording moves.
 */
function explainNoOcr(text: string): string {
  return text.replace(NO_OCR_LINE, NO_TAB_OCR).replace(NO_OCR_ERROR, NO_TAB_OCR);
}

/**
 * The status lines of one request across its runs. The service streams every line given to
 * onStatus, and appends the lines of the response's `status` it was not given; so the response
 * handed back lists every line streamed, then the final run's lines that were not streamed.
 */
class Lines {
  readonly all: string[] = [];
  constructor(private readonly out: (line: string) => void) {}
  say(line: string): void {
    this.all.push(line);
    this.out(line);
  }
  /** `streamedByRun`: how many of the final run's lines went through say(). */
  finish(response: PartitionResponse, streamedByRun: number, map: (line: string) => string = (l) => l): PartitionResponse {
    return { ...response, status: [...this.all, ...response.status.slice(streamedByRun).map(map)] };
  }
}

export function tabEngine(deps: TabEngineDeps): Engine {
  const limits = { isOpen: deps.isOpen, acceptMs: deps.acceptMs ?? 2_000, silenceMs: deps.silenceMs ?? 150_000, pollMs: deps.pollMs ?? 1_000 };

  /** The first window that accepts runs it; windows are listed again after each refusal (a reloaded tab comes back as a new one). */
  async function viaTabs(req: Req, lines: Lines): Promise<PartitionResponse | Lost | 'no tab'> {
    const tried = new Set<string>();
    for (;;) {
      if (req.signal.aborted) return cancelled();
      const tab = (await deps.tabs()).find((t) => !tried.has(t.id));
      if (!tab) return 'no tab';
      tried.add(tab.id);
      let streamed = 0;
      const out = await forward(tab, { ...req, onStatus: (line) => (streamed++, lines.say(line)) }, limits, () =>
        lines.say('Running in an open Tessera tab (its engine worker has OCR)'),
      );
      if (out === 'declined') continue;
      return 'lost' in out ? out : lines.finish(out, streamed);
    }
  }

  /** In a tab, starting again when the tab goes away; 'no tab' when none accepts. */
  async function inTab(req: Req, lines: Lines): Promise<PartitionResponse | 'no tab'> {
    let lost = '';
    for (let run = 1; run <= MAX_RUNS; run++) {
      if (lost) lines.say(`${lost}: starting again`);
      const out = await viaTabs(req, lines);
      if (out === 'no tab' || !('lost' in out)) return out;
      lost = out.lost;
    }
    return failure(`${lost}, ${MAX_RUNS} times: giving up.`);
  }

  /** Here, in the service worker: no OCR; `handOver` stops the run at its first need of OCR. */
  async function here(req: Req, lines: Lines, handOver: boolean): Promise<{ response: PartitionResponse; streamed: number; needsOcr: 'no' | 'scan' | 'asked' }> {
    const controller = new AbortController();
    const stop = () => controller.abort(req.signal.reason);
    req.signal.addEventListener('abort', stop, { once: true });
    let needsOcr = false;
    let streamed = 0;
    try {
      const response = await deps.local.partition({
        ...req,
        signal: controller.signal,
        onStatus: (line) => {
          if (needsOcr) return; // the run is being stopped
          if (handOver && NO_OCR_LINE.test(line)) {
            needsOcr = true;
            controller.abort(new Error('the document needs OCR'));
            return;
          }
          streamed++;
          lines.say(explainNoOcr(line));
        },
      });
      const asked = handOver && response.error !== undefined && NO_OCR_ERROR.test(response.error);
      return { response, streamed, needsOcr: needsOcr ? 'scan' : asked ? 'asked' : 'no' };
    } finally {
      req.signal.removeEventListener('abort', stop);
    }
  }

  const explained = (lines: Lines, { response, streamed }: { response: PartitionResponse; streamed: number }): PartitionResponse => ({
    ...lines.finish(response, streamed, explainNoOcr),
    ...(response.error !== undefined ? { error: explainNoOcr(response.error) } : {}),
  });

  return {
    async partition(req) {
      const lines = new Lines(req.onStatus);
      // With no window open at all, nothing to hand over to: answer here in one run.
      const first = await here(req, lines, (await deps.tabs()).length > 0);
      if (first.needsOcr === 'no' || req.signal.aborted) return explained(lines, first);
      lines.say('The document needs OCR, which the service worker cannot run: handing it to an open Tessera tab');
      const out = await inTab(req, lines);
      if (out !== 'no tab') return out;
      lines.say('No open Tessera tab answered: answering here, without OCR');
      // An explicit OCR request failed before any work: that answer stands. A scan is read again
      // here, its pages without OCR, so that whatever text it has still comes back.
      if (first.needsOcr === 'asked') return explained(lines, first);
      return explained(lines, await here(req, lines, false));
    },
  };
}
