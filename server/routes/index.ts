import type { AppContext, Handlers } from '../app-context';
import { adminHandlers } from './admin';
import { authHandlers } from './auth';
import { bookingHandlers } from './booking';
import { contactHandlers } from './contact';
import { homeHandlers } from './home';
import { operationsHandlers, type Lifecycle } from './operations';
import { pricingHandlers } from './pricing';
import { userHandlers } from './user';

/** Every route module's handlers, keyed by operationId (openapi/openapi.yaml). */
export function createHandlers(ctx: AppContext, lifecycle: Lifecycle = { closing: false }): Partial<Handlers> {
  return {
    ...homeHandlers(ctx),
    ...authHandlers(ctx),
    ...contactHandlers(ctx),
    ...userHandlers(ctx),
    ...bookingHandlers(ctx),
    ...pricingHandlers(ctx),
    ...adminHandlers(ctx),
    ...operationsHandlers(ctx, lifecycle),
  };
}
