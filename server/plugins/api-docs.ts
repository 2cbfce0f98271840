import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { renderApiReferencePage } from '../lib/api-reference-page';
import type { OpenApiDocument } from '../lib/openapi-document';

/** The contract as written (/api/openapi.yaml) and a readable reference of it (/api/docs). */
async function apiDocs(app: FastifyInstance, options: { document: OpenApiDocument }): Promise<void> {
  const page = renderApiReferencePage(options.document);
  app.get('/api/openapi.yaml', async (_request, reply) =>
    reply.type('application/yaml; charset=utf-8').send(options.document.text),
  );
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
}

export default fp(apiDocs, { name: 'api-docs' });
