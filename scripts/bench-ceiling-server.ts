import { createServer } from 'node:http';
import Fastify from 'fastify';

/**
 * The ceilings of `npm run bench:api`: a server answering the same JSON bodies the real server
 * answers (given as BODIES, a JSON object of path → body), from memory, with no validation,
 * authentication or database. Whatever the API does above this costs that much.
 * - FRAMEWORK=node (default): bare node:http, no routing framework at all;
 * - FRAMEWORK=fastify: a bare Fastify 5 instance, one route per path, sending the same serialised
 *   JSON (issue 6 measured it at 0.96 of node:http): the ceiling the API is held to.
 */
const bodies = new Map(Object.entries(JSON.parse(process.env.BODIES ?? '{}') as Record<string, unknown>).map(([path, body]) => [path, JSON.stringify(body)]));
const port = Number(process.env.PORT ?? 0);
const ready = (address: unknown) => console.log(`ceiling listening on ${typeof address === 'object' && address ? (address as { port: number }).port : ''}`);

if (process.env.FRAMEWORK === 'fastify') {
  const app = Fastify({ logger: false });
  for (const [path, body] of bodies) {
    const answer = (status: number) => async (_request: unknown, reply: import('fastify').FastifyReply) => reply.code(status).type('application/json; charset=utf-8').send(body);
    app.get(path, answer(200));
    app.post(path, answer(201));
  }
  await app.listen({ port, host: '127.0.0.1' });
  ready(app.server.address());
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const body = bodies.get(path);
    request.resume();
    request.on('end', () => {
      response.writeHead(body ? (request.method === 'POST' ? 201 : 200) : 404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(body ?? '{"message":"Not found"}');
    });
  });
  server.listen(port, '127.0.0.1', () => ready(server.address()));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
