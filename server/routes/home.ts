import type { AppContext, Handlers } from '../app-context';
import { notFound } from '../lib/http-error';
import { siteContent } from '../services/site-content';

/** The public content of the site (/home/..., R-SITE-2 … R-SITE-4). */
export function homeHandlers(ctx: AppContext): Partial<Handlers> {
  const content = siteContent(ctx.db);
  return {
    listServices: async () => content.listServices(),
    getServiceDetail: async (request) => {
      const { id } = request.params;
      const detail = await content.findServiceDetail(id);
      if (!detail) throw notFound('Service not found');
      // R-SITE-3: returned as a list whose first element is used.
      return [detail];
    },
    listCounters: async () => content.listCounters(),
    listTestimonies: async () => content.listTestimonies(),
    listFaqs: async () => content.listFaqs(),
  };
}
