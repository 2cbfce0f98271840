const base = 'http://same.site';

/**
 * Where to go after login: the `redirect` query parameter when it is a path on this site
 * ("/profile-services?x=1"), never another origin ("//evil.test", "https://…", "/\\evil.test"),
 * nor a path that only becomes one once resolved: "/.//evil.test" and "/..//evil.test" resolve to
 * "//evil.test", and the URL parser drops tabs and line breaks ("/\t/evil.test"). The answer is
 * the resolved path, checked again as it will be used.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/')) return null;
  if (target.startsWith('//') || target.includes('\\') || [...target].some((c) => c < ' ' || c === '\u007f')) return null;
  try {
    const url = new URL(target, base);
    if (url.origin !== base) return null;
    if (url.pathname.startsWith('/login')) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (path.startsWith('//') || new URL(path, base).origin !== base) return null;
    return path;
  } catch {
    return null;
  }
}
