// Every browser test fails if the page asks for anything outside the app's own origin: nothing may
// leave the machine, and the app must work with the network off.
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ outsideRequests: string[] }>({
  outsideRequests: [
    async ({ context, baseURL }, use) => {
      const outside: string[] = [];
      const origin = new URL(baseURL!).origin;
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin) return route.continue();
        outside.push(url);
        return route.abort();
      });
      await use(outside);
      expect(outside, 'requests that left the app origin').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
