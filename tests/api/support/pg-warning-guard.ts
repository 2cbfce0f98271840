import { afterEach } from 'vitest';

/**
 * pg deprecates a query sent on a client still running one (a Promise.all over one transaction's
 * client; pg 9 will refuse it). It only warns, once per process, so a regression would pass
 * unseen: this setup file makes the test during which the warning came fail (decision 060).
 */
const OVERLAPPING_QUERY = 'client.query() when the client is already executing a query';
const seen: string[] = [];

process.on('warning', (warning) => {
  if (warning.message.includes(OVERLAPPING_QUERY)) seen.push(warning.stack ?? warning.message);
});

afterEach(async () => {
  // util.deprecate emits on the next tick: let it arrive before judging the test.
  await new Promise((resolve) => setImmediate(resolve));
  const found = seen.splice(0);
  if (found.length > 0) throw new Error(`pg warned of overlapping queries on one client (make them sequential):\n${found.join('\n')}`);
});
