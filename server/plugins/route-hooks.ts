import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * Adds a hook to ONE route as it is registered (from an `onRoute` hook), first or last among the
 * route's own. Issue 6, goal 4: a hook that concerns a few routes costs the others nothing when
 * it is not global, and the route's options are read once here instead of on every request.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown, place: 'first' | 'last' = 'last'): void {
  const existing = (route as unknown as Record<HookName, unknown>)[name];
  const list = existing === undefined || existing === null ? [] : Array.isArray(existing) ? [...existing] : [existing];
  if (place === 'first') list.unshift(hook);
  else list.push(hook);
  (route as unknown as Record<HookName, unknown[]>)[name] = list;
}

/** The operationId openapi-routes.ts puts in a contract route's config; undefined for other routes. */
export function operationIdOf(route: RouteOptions): string | undefined {
  return (route.config as { operationId?: string } | undefined)?.operationId;
}

/** Whether a route answers only reads (GET/HEAD/OPTIONS). */
export function isReadOnly(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.every((method) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS');
}

/** The single method of a route, upper case ('GET'); a route with several methods gives ''. */
export function methodOf(route: RouteOptions): string {
  return Array.isArray(route.method) ? (route.method.length === 1 ? String(route.method[0]).toUpperCase() : '') : String(route.method).toUpperCase();
}
