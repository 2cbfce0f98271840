import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app';
import type { DocumentHead } from './lib/document-head';
import { seedPreloaded, type PreloadedData } from './shared/preload';

export { preloadKey } from './shared/preload';
export { readsForPath } from './shared/route-reads';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  head: DocumentHead;
}

/**
 * Renders one public route to HTML at build time (scripts/prerender.ts), with the same App the
 * browser hydrates: a static router, no session, and the route's API data given in `data`.
 * React's `prerender` waits for the lazy screen and its Suspense boundaries.
 */
export async function renderPage(url: string, data: PreloadedData): Promise<RenderedPage> {
  seedPreloaded(data);
  const head: DocumentHead = {};
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App location={url} head={head} />
    </StrictMode>,
    // An error would leave a boundary to the browser (an inline script the CSP forbids): fail the build.
    // Never outline a large boundary behind a reveal script: the whole page is in the HTML.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${url} failed: ${String(errors[0])}`);
  return { html, head };
}
