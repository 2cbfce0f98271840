import type { AppContext, Handlers } from '../app-context';
import { createRateLimiter } from '../services/rate-limiter';
import { clientNetwork } from '../rate-limits';
import { addServiceDistrict, joinAreaWaitlist, listServiceDistricts, removeServiceDistrict } from '../services/service-area-settings';
import { currentUser } from './booking';

const district = (request: { params: { district: string } }) => request.params.district;

/** Where the company works (issue 26 §4): the districts staff list, and the public waiting list. */
export function serviceAreaHandlers(ctx: AppContext): Partial<Handlers> {
  const limiter = createRateLimiter(ctx.db, ctx.now);
  return {
    listServiceDistricts: async () => listServiceDistricts(ctx.db),
    addServiceDistrict: async (request) => addServiceDistrict(ctx.db, ctx.outbox, currentUser(request), district(request), ctx.now()),
    removeServiceDistrict: async (request) => removeServiceDistrict(ctx.db, currentUser(request), district(request), ctx.now()),
    joinAreaWaitlist: async (request, reply) => {
      const { email, postcode } = request.body;
      await limiter.reserve({ key: `areaWaitlist:client:${clientNetwork(request.ip)}`, ...ctx.config.rateLimits.areaWaitlist });
      return reply.code(201).send(await joinAreaWaitlist(ctx.db, email, postcode, ctx.now()));
    },
  };
}
