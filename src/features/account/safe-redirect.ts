/**
 * Where to go after login: the `redirect` query parameter when it is a path on this site
 * ("/profile-services?x=1"), never another origin ("//evil.test", "https://…", "/\\evil.test").
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/')) return null;
  if (target.startsWith('//') || target.startsWith('/\\')) return null;
  try {
    const base = 'http://same.site';
    const url = new URL(target, base);
    if (url.origin !== base) return null;
    if (url.pathname.startsWith('/login')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
