import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page, PageRequest } from '../repositories/paging';

/** Rows per page when a client sends no `limit` (existing clients get this first page); also the most allowed. */
export const MAX_PAGE_SIZE = 100;

/** `limit` and `page` of a list request, already checked by the contract (1-100, from 1). */
export function pageRequest({ query }: { query: { limit?: number; page?: number } }): PageRequest {
  return { limit: query.limit ?? MAX_PAGE_SIZE, page: query.page ?? 1 };
}

/**
 * Answers a page as the contract says: the rows as the body (the shape clients had before paging),
 * the total in X-Total-Count and RFC 8288 links to the first, previous, next and last pages, each
 * the request's own path and query with another `page` (relative, so a proxy's prefix is kept).
 */
export function answerPage<Row>(request: FastifyRequest, reply: FastifyReply, page: Page<Row>, asked: PageRequest): Row[] {
  const last = Math.max(1, Math.ceil(page.total / asked.limit));
  const url = new URL(request.url, 'http://x');
  const link = (n: number, rel: string) => {
    url.searchParams.set('page', String(n));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (asked.page > 1) links.push(link(Math.min(asked.page - 1, last), 'prev'));
  if (asked.page < last) links.push(link(asked.page + 1, 'next'));
  links.push(link(last, 'last'));
  reply.header('x-total-count', String(page.total)).header('link', links.join(', '));
  // A search past its count cap (decision 092): X-Total-Count is then a lower bound, "more than total - 1".
  if (page.totalIsLowerBound) reply.header('x-total-count-exact', 'false');
  return page.rows;
}
