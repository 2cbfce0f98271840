import { useEffect } from 'react';
import { I18nProvider } from 'react-aria-components';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { DocumentHeadContext, type DocumentHead } from '../lib/document-head';
import { RacRouter } from './rac-router';
import { SessionProvider } from '../shared/session';
import { ToastProvider } from '../shared/toasts';

export interface AppProps {
  /** Server rendering only (src/entry-server.tsx): the URL to render, and where the title goes. */
  location?: string;
  head?: DocumentHead;
}

/**
 * The app's providers, outermost first: the router (the session navigates), react-aria's locale
 * (en-GB whatever the browser speaks: date fields read dd/mm/yyyy with a 24-hour clock, as their
 * hints say), react-aria's link routing, toasts (R-UI-3; their library loads with the first one),
 * the session.
 * The build prerenders public pages with the same tree (a static router), so the browser hydrates them.
 */
export function App({ location, head }: AppProps) {
  // Marks the document once the app runs it: a prerendered page before that is only its HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const app = (
    <I18nProvider locale="en-GB">
      <RacRouter>
        <ToastProvider>
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
        </ToastProvider>
      </RacRouter>
    </I18nProvider>
  );
  return (
    <DocumentHeadContext.Provider value={head ?? null}>
      {location === undefined ? <BrowserRouter>{app}</BrowserRouter> : <StaticRouter location={location}>{app}</StaticRouter>}
    </DocumentHeadContext.Provider>
  );
}
