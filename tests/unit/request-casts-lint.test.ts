import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Handlers read the request as the contract types it (server/lib/operation-types.ts); the project's
 * lint configuration (eslint.config.js) refuses a cast of request.body, params, query or headers in
 * the server, so a new handler cannot quietly step around the contract's types.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const castMessages = async (code: string, file = 'server/routes/new-route.ts') => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
};

describe('the lint of request casts', () => {
  it.each([
    ['a body cast', 'export const f = (request: { body: unknown }) => request.body as { a: number };'],
    ['a cast read', 'export const f = (request: { params: unknown }) => (request.params as { id: number }).id;'],
    ['a query cast', 'export const f = (request: { query: unknown }) => request.query as { page?: number };'],
    ['an angle-bracket cast', 'export const f = (request: { headers: unknown }) => <string>request.headers;'],
  ])('rejects %s in a route', async (_name, code) => {
    expect(await castMessages(code)).toEqual([expect.stringContaining('typed from the contract')]);
  });

  it('rejects one in a server helper too', async () => {
    expect(await castMessages('export const f = (req: { body: unknown }) => req.body as string;', 'server/lib/helper.ts')).toHaveLength(1);
  });

  it('accepts the typed read, and casts of other things', async () => {
    expect(await castMessages('export const f = (request: { params: { id: number } }) => request.params.id;')).toEqual([]);
    expect(await castMessages('export const f = (value: unknown) => value as string;')).toEqual([]);
  });
});
