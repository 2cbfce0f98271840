import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * An order status is named once, in domain/orders/order-statuses.ts (decision 096): the project's
 * lint refuses one typed inside the server's SQL (it goes in from the domain's typed names through
 * server/repositories/order-status-sql.ts) and a client comparison of a status with its name.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const refusals = async (code: string, file: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
};

describe('the lint of order status names', () => {
  it.each([
    ['a template', "export const q = `SELECT id FROM orders o WHERE o.status <> 'cancelled'`;"],
    ['a string', "export const q = \"UPDATE orders SET status = 'payment_validated' WHERE id = $1\";"],
    ['a set', "export const q = `SELECT count(*) FROM orders WHERE status IN ('awaiting_validation', 'completed')`;"],
  ])('refuses a status typed in SQL: %s', async (_name, code) => {
    expect(await refusals(code, 'server/repositories/new-repository.ts')).toEqual([expect.stringContaining('An order status typed in SQL')]);
  });

  it('accepts the domain name put in, and a status as a plain value', async () => {
    const code = [
      "import { sqlStatus } from './order-status-sql';",
      "export const q = `SELECT id FROM orders o WHERE o.status <> ${sqlStatus('cancelled')} AND o.id = $1`;",
      "export const v = ['cancelled'];",
    ].join('\n');
    expect(await refusals(code, 'server/repositories/new-repository.ts')).toEqual([]);
  });

  it('refuses a client comparing a status with its name, either way round', async () => {
    expect(await refusals("export const f = (order: { status: string }) => order.status !== 'cancelled';", 'src/features/orders/new.tsx')).toHaveLength(1);
    expect(await refusals("export const f = (job: { status: string }) => 'completed' === job.status;", 'machines/new.machine.ts')).toHaveLength(1);
    expect(await refusals("export const f = (reply: { state: string }) => reply.state === 'completed';", 'src/features/orders/new.tsx')).toEqual([]);
  });

  it('refuses the server and the rest of domain/ comparing a status with its name: they ask the transition table (decision 111)', async () => {
    expect(await refusals("export const f = (order: { status: string }) => order.status === 'cancelled';", 'server/services/new-service.ts')).toHaveLength(1);
    expect(await refusals("export const f = (visit: { status: string }) => visit.status !== 'completed';", 'domain/money/new-rule.ts')).toHaveLength(1);
    expect(await refusals("export const f = (status: string) => status === 'cancelled';", 'domain/orders/order-statuses.ts')).toEqual([]);
  });
});
