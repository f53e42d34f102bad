import { defineConfig } from '@playwright/test';

// Debian's Chromium (installed by .ci/run), never a downloaded browser build.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Its own port and build folder, so that several runs can go on side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const OUT = `dist-e2e-${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  // The production build, served with the same COOP/COEP headers as in development.
  webServer: {
    command: `npx vite build --logLevel warn --outDir ${OUT} && npx vite preview --outDir ${OUT} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
