import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { activateLanguage, initialLanguage } from './lib/i18n/i18n';
import './index.css';

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
// so the first paint is never English flashing into 中文.
const language = initialLanguage();
if (language === 'en') render();
else void activateLanguage(language).catch(() => undefined).finally(render);
