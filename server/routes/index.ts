import type { AppContext, Handlers } from '../app-context';
import { adminHandlers } from './admin';
import { authHandlers } from './auth';
import { availabilityHandlers } from './availability';
import { bookingHandlers } from './booking';
import { cleanerHandlers } from './cleaners';
import { contactHandlers } from './contact';
import { serviceAreaHandlers } from './service-area';
import { customerHandlers } from './customers';
import { homeHandlers } from './home';
import { manageBookingHandlers } from './manage-bookings';
import { officeBookingHandlers } from './office-bookings';
import { operationsHandlers, type Lifecycle } from './operations';
import { scheduleHandlers } from './schedule';
import { teamHandlers } from './teams';
import { pricingHandlers } from './pricing';
import { pricingSettingsHandlers } from './pricing-settings';
import { userHandlers } from './user';
import { waitlistHandlers } from './waitlist';

/** Every route module's handlers, keyed by operationId (openapi/openapi.yaml). */
export function createHandlers(ctx: AppContext, lifecycle: Lifecycle = { closing: false }): Partial<Handlers> {
  return {
    ...homeHandlers(ctx),
    ...authHandlers(ctx),
    ...contactHandlers(ctx),
    ...serviceAreaHandlers(ctx),
    ...userHandlers(ctx),
    ...bookingHandlers(ctx),
    ...manageBookingHandlers(ctx),
    ...availabilityHandlers(ctx),
    ...pricingHandlers(ctx),
    ...pricingSettingsHandlers(ctx),
    ...adminHandlers(ctx),
    ...customerHandlers(ctx),
    ...scheduleHandlers(ctx),
    ...teamHandlers(ctx),
    ...cleanerHandlers(ctx),
    ...officeBookingHandlers(ctx),
    ...waitlistHandlers(ctx),
    ...operationsHandlers(ctx, lifecycle),
  };
}
