import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readsForPath } from '../../src/shared/route-reads';
import { matchPage } from '../../domain/site/page-routes';
import { paths } from '../../src/shared/paths';
import { prerenderedRoutes, publicRoutes, routeModules } from '../../src/shared/routes';

const root = path.resolve(import.meta.dirname, '../..');

/** The one route table (src/shared/routes.ts) and what is derived from it. */
describe('the route table', () => {
  it('names a module for every screen, and the lazy screens’ glob finds exactly those modules', () => {
    const globbed = [
      ...['public', 'account', 'booking', 'orders', 'cleaner'].flatMap((feature) =>
        readdirSync(path.join(root, 'src/features', feature)).filter((file) => file.endsWith('-page.tsx')).map((file) => `src/features/${feature}/${file}`),
      ),
      'src/features/admin/admin-app.tsx',
    ];
    for (const module of Object.values(routeModules)) expect(existsSync(path.join(root, module)), module).toBe(true);
    expect([...new Set(Object.values(routeModules))].sort()).toEqual(globbed.sort());
  });

  it('builds links that its own patterns match, with their params', () => {
    expect(matchPage(paths.serviceDetail(3))).toEqual({ area: 'public', name: 'serviceDetail', params: { id: '3' } });
    expect(matchPage(paths.receipt(12))).toEqual({ area: 'public', name: 'receipt', params: { id: '12' } });
    expect(matchPage(paths.resetPassword('abc_DEF-1'))).toEqual({ area: 'public', name: 'resetPassword', params: { token: 'abc_DEF-1' } });
    expect(matchPage(paths.admin.customer(5))).toEqual({ area: 'admin', name: 'customer', params: { id: '5' } });
    expect(paths.properties(2, 'q_123')).toBe('/properties/2?quote=q_123');
    expect(paths.login('/orders')).toBe('/login?redirect=%2Forders');
  });

  it('starts each public page’s reads, and none for an unknown or mistyped page', () => {
    expect(readsForPath('/')).toEqual([['services'], ['counters'], ['testimonies']]);
    expect(readsForPath('/home/')).toEqual([['services']]);
    expect(readsForPath('/faqs')).toEqual([['faqs']]);
    expect(readsForPath('/service/4')).toEqual([['serviceDetail', 4], ['quoteOptions', 4]]);
    expect(readsForPath('/service/abc')).toEqual([]);
    expect(readsForPath('/about')).toEqual([]);
    expect(readsForPath('/nowhere')).toEqual([]);
  });

  it('prerenders the public pages without a sign-in or a parameter', () => {
    expect(prerenderedRoutes.map((route) => route.path).sort()).toEqual(
      ['/', '/about', '/home', '/faqs', '/terms-condition', '/privacy-policy', '/contact', '/login', '/register', '/forget-password'].sort(),
    );
    // Behind login, only the booking page is prerendered: a visitor's shell with the service's items (issue 25 row 8).
    const signedInPrerendered = Object.values(publicRoutes).filter((route) => 'signIn' in route && 'prerender' in route);
    expect(signedInPrerendered.map((route) => route.path)).toEqual(['/properties/:id']);
  });
});
