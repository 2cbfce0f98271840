import { publicPages } from './page-routes';

/**
 * The `?redirect=` query: where a page sends the visitor once they have logged in, registered or
 * confirmed their email (R-AUTH-1, decisions 004 and 029). Built by the app's links (src/shared/paths.ts),
 * the prerendered page's loader (server/lib/page-loader.ts) and the mailed confirmation link; read back
 * by the login, register and confirmation pages. Pure: the server imports it.
 */
const parameter = 'redirect';
const base = 'http://same.site';

/**
 * `page?redirect=`, to which the encoded target is appended: the inline loader of a prerendered page
 * runs before the app, so it appends `encodeURIComponent(location…)` to this text itself.
 */
export const redirectPrefix = (page: string) => `${page}?${parameter}=`;

/** `page`, coming back to `target` afterwards; just `page` when there is no target. */
export const withRedirect = (page: string, target?: string | null) => (target ? `${redirectPrefix(page)}${encodeURIComponent(target)}` : page);

/** /login, coming back to `target` once logged in ("/login?redirect=%2Fproperties%2F1"). */
export const loginWithRedirect = (target?: string | null) => withRedirect(publicPages.login, target);

/**
 * Where to go after login: the `redirect` query parameter when it is a path on this site
 * ("/profile-services?x=1"), never another origin ("//evil.test", "https://…", "/\\evil.test"),
 * nor a path that only becomes one once resolved: "/.//evil.test" and "/..//evil.test" resolve to
 * "//evil.test", and the URL parser drops tabs and line breaks ("/\t/evil.test"). Nor the login page
 * itself (a loop). The answer is the resolved path, checked again as it will be used.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/')) return null;
  if (target.startsWith('//') || target.includes('\\') || [...target].some((c) => c < ' ' || c === '\u007f')) return null;
  try {
    const url = new URL(target, base);
    if (url.origin !== base) return null;
    if (url.pathname.startsWith(publicPages.login)) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (path.startsWith('//') || new URL(path, base).origin !== base) return null;
    return path;
  } catch {
    return null;
  }
}

/** The safe target of a page's `?redirect=` (a query string or its parsed parameters), or null. */
export function redirectTarget(query: URLSearchParams | string): string | null {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  return safeRedirect(params.get(parameter));
}
