import { createServer } from 'node:http';

/**
 * The ceiling of `npm run bench:api`: a bare node:http server answering the same JSON bodies the
 * real server answers (given as BODIES, a JSON object of path → body), with no routing framework,
 * validation, authentication or database. Whatever the API does above this costs that much.
 */
const bodies = new Map(Object.entries(JSON.parse(process.env.BODIES ?? '{}') as Record<string, unknown>).map(([path, body]) => [path, JSON.stringify(body)]));

const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0]!;
  const body = bodies.get(path);
  request.resume();
  request.on('end', () => {
    response.writeHead(body ? (request.method === 'POST' ? 201 : 200) : 404, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body ?? '{"message":"Not found"}');
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`ceiling listening on ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
