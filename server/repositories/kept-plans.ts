import type { KeptPlan } from '../db/kept-plan';
import { CHECKOUT_DAY_READ, TEAM_JOBS_NEAR } from './availability-repository';
import { CHECKOUT_READ, CHECKOUT_WRITE } from './checkout';

/** Every kept plan (decision 116): the migrations hold their functions, as `npm run -s kept-plans` writes them. */
export const KEPT_PLANS: readonly KeptPlan[] = [CHECKOUT_READ, CHECKOUT_DAY_READ, TEAM_JOBS_NEAR, CHECKOUT_WRITE];
