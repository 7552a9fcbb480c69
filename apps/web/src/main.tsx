import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { installAppStatePersistence } from './lib/app-store.ts';

dayjs.locale('zh-cn');
// Spec §4: the application state comes back from sessionStorage before the first render.
installAppStatePersistence(window);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
