import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { answerServiceWorker } from './sw-bridge.ts';
import './app.css';

answerServiceWorker(); // this tab runs the service worker's /v1 partitions (with OCR)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
