import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { matchPage } from '../../domain/site/page-routes';

export interface NotFoundOptions {
  spaDir: string | null;
  /** Whether a service of that id exists (a `/service/:id` page built after the SPA was). */
  serviceExists: (id: number) => Promise<boolean>;
}

/**
 * Unknown `/api/...` routes answer 404 `{ message }`. With a built SPA, a GET of a page of the
 * app's route table (domain/site/page-routes.ts) that is not a prerendered file answers the shell
 * (history fallback), so /profile or /order/7 can be reloaded; any other path, or a service that
 * does not exist, answers HTTP 404 with the not-found page (issue 11 row 19). Which orders exist
 * the server cannot tell from a page request (the token is not sent with it): the app shows those.
 * A native form post to a page (only if its script never ran) is sent back to the page, its
 * fields dropped, rather than answered with JSON.
 */
async function notFound(app: FastifyInstance, options: NotFoundOptions): Promise<void> {
  const spaIndex = options.spaDir ? path.join(options.spaDir, 'index.html') : null;
  const hasSpa = spaIndex !== null && existsSync(spaIndex);
  // The build prerenders public pages (index.html is `/`'s); other paths get the bare shell.
  const shell = options.spaDir && existsSync(path.join(options.spaDir, 'spa.html')) ? 'spa.html' : 'index.html';
  // The prerendered not-found page (scripts/prerender.ts); an older build has only the shell.
  const notFoundPage = options.spaDir && existsSync(path.join(options.spaDir, '404.html')) ? '404.html' : shell;

  const isPage = async (pathname: string): Promise<boolean> => {
    const page = matchPage(pathname);
    if (!page) return false;
    if (page.area !== 'public' || page.name !== 'serviceDetail') return true;
    // The database being down is no reason to call the page missing: the app will say what is wrong.
    return options.serviceExists(Number(page.params.id)).catch(() => true);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (hasSpa && !isApi && wantsPage) {
      const known = await isPage(pathname);
      return reply.code(known ? 200 : 404).header('cache-control', 'no-cache').sendFile(known ? shell : notFoundPage);
    }
    if (hasSpa && !isApi && request.method === 'POST' && matchPage(pathname)) {
      return reply.code(303).header('location', pathname).send();
    }
    return reply.code(404).send({ message: isApi ? `No such API route: ${request.method} ${pathname}` : 'Not found' });
  });
}

export default fp(notFound, { name: 'not-found' });
