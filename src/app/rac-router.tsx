import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate, type NavigateOptions } from 'react-router-dom';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Lets every react-aria-components link (`href`) navigate client-side through react-router. */
export function RacRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(href, options) => navigate(href, options)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}
