// Webhook delivery: POST {"done": [{"task_id"}]} to the URL of the submit request's webhook header.
// Failures (network errors, non-2xx) are retried with exponential backoff a bounded number of
// times; each delivery runs on its own, so a slow or dead receiver never holds up other tasks.
import type { FetchLike, Logger } from './types.ts';

export interface WebhookPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Delay before the second attempt; doubled for each further one. */
  backoffMs: number;
  /** Time allowed for one attempt. */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_POLICY: WebhookPolicy = { attempts: 5, backoffMs: 1000, timeoutMs: 10_000 };

export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Accepts only absolute http(s) URLs: anything else is a request error at submit time. */
export function checkWebhookUrl(url: string): string | null {
  const m = /^(https?):\/\/[^\s/]+/i.exec(url.trim());
  return m ? null : `The webhook header must hold an absolute http(s) URL, got "${url}".`;
}

/** Delivers one notification; resolves true when a receiver answered 2xx, false after giving up. */
export async function deliverWebhook(
  url: string,
  taskId: string,
  fetch: FetchLike,
  log: Logger,
  policy: WebhookPolicy = DEFAULT_WEBHOOK_POLICY,
  wait: Sleep = sleep,
): Promise<boolean> {
  const body = JSON.stringify({ done: [{ task_id: taskId }] });
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    let problem: string;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      if (res.ok) return true;
      problem = `HTTP ${res.status}`;
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err);
    }
    if (attempt === policy.attempts) {
      log.warn(`webhook for task ${taskId} to ${url} failed after ${attempt} attempts (${problem}); giving up`);
      return false;
    }
    await wait(policy.backoffMs * 2 ** (attempt - 1));
  }
  return false;
}
