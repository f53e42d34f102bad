// The in-browser service in the app: registers the service worker on mount, then shows the async
// tasks and the DocSet browser. Opening a stored document adds its file to the app's queue.
import { useEffect, useState } from 'react';
import { DocSetBrowser } from '../docsets/DocSetBrowser.tsx';
import { useQueue } from '../stores/queue-store.ts';
import { registerServiceWorker, serviceAvailable } from './service-worker.ts';
import { TaskList } from './TaskList.tsx';

export function ServicePanel() {
  const [ready, setReady] = useState(serviceAvailable());
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    registerServiceWorker()
      .then(() => {
        // The worker claims this page on activation; the API is usable from then on.
        if (serviceAvailable()) setReady(true);
        else navigator.serviceWorker?.addEventListener('controllerchange', () => setReady(true), { once: true });
      })
      .catch((err: unknown) => setProblem(`The offline service could not start: ${(err as Error).message}`));
  }, []);
  return (
    <div className="service-panel" data-testid="service-panel" data-ready={ready ? 'yes' : 'no'}>
      {problem && <p role="alert">{problem}</p>}
      <TaskList ready={ready} />
      <DocSetBrowser ready={ready} onOpen={(file) => useQueue.getState().add([file])} />
    </div>
  );
}
