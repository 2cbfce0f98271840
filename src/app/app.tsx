import { SnackbarProvider } from 'notistack';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { DocumentHeadContext, type DocumentHead } from '../lib/document-head';
import { RacRouter } from './rac-router';
import { SessionProvider } from './session';

export interface AppProps {
  /** Server rendering only (src/entry-server.tsx): the URL to render, and where the title goes. */
  location?: string;
  head?: DocumentHead;
}

/**
 * The app's providers, outermost first: the router (the session navigates), react-aria's link
 * routing, toasts (SPEC 9: 5 s, bottom right; notistack renders them with role=alert), the session.
 * The build prerenders public pages with the same tree (a static router), so the browser hydrates them.
 */
export function App({ location, head }: AppProps) {
  const app = (
    <RacRouter>
      <SnackbarProvider autoHideDuration={5000} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} maxSnack={3}>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </SnackbarProvider>
    </RacRouter>
  );
  return (
    <DocumentHeadContext.Provider value={head ?? null}>
      {location === undefined ? <BrowserRouter>{app}</BrowserRouter> : <StaticRouter location={location}>{app}</StaticRouter>}
    </DocumentHeadContext.Provider>
  );
}
