import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/lib/database-errors';

/**
 * Which failures answer 503 "try again" rather than 500 (issue 24, rows 2 and 4): the texts and
 * codes are those pg and PostgreSQL give (node_modules/pg/lib/client.js; SQLSTATE class 40).
 */
describe('a failure that means "the database cannot serve this now"', () => {
  it('a checkout whose connection broke between two of its statements (pg refuses the next one)', () => {
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });

  it('a deadlock or serialization failure still there after the transaction ran again its bounded times', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(true);
  });

  it('not a constraint violation or any other bug: those stay 500 (or their 4xx)', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('integrity constraint'), { code: '40002' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Client was closed and is not queryable'))).toBe(false);
  });
});
