/** Whether an error means the database cannot be reached (answered 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // The pool's waiting line is full (postgres.ts, DB_POOL_QUEUE): overload, answered "try again".
    if (code === 'EPOOLQUEUEFULL') return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE'].includes(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01-03 (shutdown), 53300 (too many connections).
    // 57014: cancelled by DB_STATEMENT_TIMEOUT (a lock held too long): try again later, not a bug.
    if (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300' || code === '57014') return true;
    // A deadlock or serialization failure still there after the transaction's bounded reruns
    // (postgres.ts): contention, answered "try again", never 500 (issue 24, row 2).
    if (code === '40P01' || code === '40001') return true;
  }
  return typeof message === 'string' && /Connection terminated|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end|timeout exceeded when trying to connect/i.test(message);
}
