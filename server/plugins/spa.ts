import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built SPA (vite build → dist/). Vite's hashed files under /assets never change, so
 * they are cached for a year; everything else (index.html, pictures) is revalidated each time.
 */
async function spa(app: FastifyInstance, options: { spaDir: string | null }): Promise<void> {
  if (!options.spaDir || !existsSync(path.join(options.spaDir, 'index.html'))) {
    // reply.sendFile must still exist for the not-found handler's type; nothing is served.
    return;
  }
  await app.register(fastifyStatic, {
    root: options.spaDir,
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz copies (scripts/prerender/compress.ts); sent when accepted.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = path.relative(options.spaDir!, filePath).split(path.sep).join('/');
      res.header('cache-control', relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export default fp(spa, { name: 'spa' });
