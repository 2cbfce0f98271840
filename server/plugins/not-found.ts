import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Unknown `/api/...` routes answer 404 `{ message }`. With a built SPA, any other GET that is not a
 * file answers index.html (history fallback), so /profile or /order/7 can be reloaded.
 */
async function notFound(app: FastifyInstance, options: { spaDir: string | null }): Promise<void> {
  const spaIndex = options.spaDir ? path.join(options.spaDir, 'index.html') : null;
  const hasSpa = spaIndex !== null && existsSync(spaIndex);
  // The build prerenders public pages (index.html is `/`'s); other paths get the bare shell.
  const shell = options.spaDir && existsSync(path.join(options.spaDir, 'spa.html')) ? 'spa.html' : 'index.html';
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (hasSpa && !isApi && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile(shell);
    }
    return reply.code(404).send({ message: isApi ? `No such API route: ${request.method} ${pathname}` : 'Not found' });
  });
}

export default fp(notFound, { name: 'not-found' });
