import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installErrorReporting } from './app/error-reporting';
import { wireClient } from './app/wiring';
import { htmlLang, loadLanguage, storedLanguage } from './i18n';
import './styles.css';

async function start(): Promise<void> {
  installErrorReporting();
  const lang = storedLanguage();
  document.documentElement.lang = htmlLang(lang);
  const { antdLocale } = await loadLanguage(lang);
  wireClient();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App antdLocale={antdLocale} />
    </StrictMode>,
  );
}

void start();
