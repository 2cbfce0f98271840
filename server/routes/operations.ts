import type { AppContext, Handlers } from '../app-context';
import { databaseMigrated, pingDatabase } from '../services/health';
import { HttpError } from '../lib/http-error';

export interface Lifecycle {
  /** Set when shutdown begins: readiness answers 503 so the proxy stops sending requests here. */
  closing: boolean;
  /** Set once the listener is closed (server.ts): each answer then closes its connection. */
  endingConnections?: boolean;
}

/** How long readiness waits for the database before calling it unreachable. */
const READY_TIMEOUT_MS = 2_000;

/**
 * Liveness and readiness for a proxy or an orchestrator. Readiness asks the database each time
 * (a cheap `SELECT 1`); once every migration was seen applied it stops re-reading the list.
 */
export function operationsHandlers(ctx: AppContext, lifecycle: Lifecycle): Partial<Handlers> {
  let migrated = false;
  const notReady = (message: string) => new HttpError(503, message);
  return {
    getHealth: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
    getReadiness: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (lifecycle.closing) throw notReady('Shutting down');
      const check = async () => {
        if (migrated) await pingDatabase(ctx.db);
        else migrated = await databaseMigrated(ctx.db);
      };
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([check(), timeout]);
      } catch {
        throw notReady('Database unavailable');
      } finally {
        clearTimeout(timer);
      }
      if (!migrated) throw notReady('Database migrations are pending');
      return { status: 'ready' };
    },
  };
}
