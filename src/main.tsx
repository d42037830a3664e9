import './index.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { pageCodeRequested } from './app/page-modules';
import { preloadPage } from './app/router';
import { activateLanguage, initialLanguage } from './lib/i18n/i18n';

// How long the first render waits for the opened page's code before it draws the shell and a
// spinner instead: the code was fetched with the shell's, so it is normally already here.
const PAGE_CODE_WAIT_MS = 1000;

// A transition lets React yield to the browser between components, so the first render is many
// short tasks instead of one long one that blocks a phone's main thread.
function render() {
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// English is already active; another language waits for its catalogue (a precached chunk),
// so the first paint is never English flashing into 中文. A page in its own chunk (the guide, a
// shared ride) is loaded first too, so the first paint is the page rather than a spinner.
function start() {
  const language = initialLanguage();
  const pageCode = pageCodeRequested() ? preloadPage(window.location.pathname) : null;
  const waits = [
    ...(language === 'en' ? [] : [activateLanguage(language)]),
    ...(pageCode ? [Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS))])] : []),
  ];
  if (waits.length === 0) render();
  else void Promise.allSettled(waits).then(render);
}

// In a task of its own: evaluating the shell's modules is already one long task on a slow phone
// (about 65 ms at 4x CPU), and the first storage read and React's root add about 35 ms more.
setTimeout(start, 0);
