import { SnackbarProvider } from 'notistack';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { RacRouter } from './rac-router';
import { SessionProvider } from './session';

/**
 * The app's providers, outermost first: the router (the session navigates), react-aria's link
 * routing, toasts (SPEC 9: 5 s, bottom right; notistack renders them with role=alert), the session.
 */
export function App() {
  return (
    <BrowserRouter>
      <RacRouter>
        <SnackbarProvider
          autoHideDuration={5000}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          maxSnack={3}
        >
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
        </SnackbarProvider>
      </RacRouter>
    </BrowserRouter>
  );
}
