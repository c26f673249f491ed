import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { warmDateFormatting } from './shared/time';
import './i18n';
import './styles.css';
// After the base, whose rules it changes for a phone and a touch screen.
import './touch.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// In the idle time before the session and the queue are read, not in the render that follows.
if ('requestIdleCallback' in window) requestIdleCallback(warmDateFormatting);
else setTimeout(warmDateFormatting, 0);
