import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';

// Placeholder: the test payment pages (outside /api) are written next.
export async function registerTestPayments(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
