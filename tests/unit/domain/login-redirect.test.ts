import { describe, expect, it } from 'vitest';
import { loginWithRedirect, redirectPrefix, redirectTarget, safeRedirect, withRedirect } from '../../../domain/site/login-redirect';

/** The `?redirect=` query (domain/site/login-redirect.ts): built by links, the page loader and mails; read back safely. */
describe('building ?redirect=', () => {
  it('sends to /login with the target encoded, as a visitor of /properties/1 is sent', () => {
    expect(loginWithRedirect('/properties/1')).toBe('/login?redirect=%2Fproperties%2F1');
    expect(loginWithRedirect('/properties/1?quote=q_1&x=2#top')).toBe('/login?redirect=%2Fproperties%2F1%3Fquote%3Dq_1%26x%3D2%23top');
  });

  it('is the plain page without a target', () => {
    expect(loginWithRedirect()).toBe('/login');
    expect(loginWithRedirect(null)).toBe('/login');
    expect(loginWithRedirect('')).toBe('/login');
    expect(withRedirect('/register', undefined)).toBe('/register');
  });

  it('builds the same query on other pages, and the prefix the page loader appends to', () => {
    expect(withRedirect('/register', '/profile')).toBe('/register?redirect=%2Fprofile');
    expect(withRedirect('/confirm-email/abc', '/properties/2')).toBe('/confirm-email/abc?redirect=%2Fproperties%2F2');
    expect(redirectPrefix('/login') + encodeURIComponent('/properties/1')).toBe(loginWithRedirect('/properties/1'));
  });

  it.each(['/profile-services', '/properties/2?from=home&quote=q_1', '/orders/12/receipt#top'])('reads back what it built: %j', (target) => {
    const built = new URL(loginWithRedirect(target), 'http://site.test');
    expect(built.pathname).toBe('/login');
    expect(redirectTarget(built.search)).toBe(target);
    expect(redirectTarget(built.searchParams)).toBe(target);
  });
});

describe('reading ?redirect= back: only a path on this site (safeRedirect, redirectTarget)', () => {
  it.each([
    ['/profile-services', '/profile-services'],
    ['/properties/2?from=home', '/properties/2?from=home'],
  ])('follows the same-site path %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([null, '', 'profile', '//evil.test/x', '/\\evil.test', 'https://evil.test/', 'javascript:alert(1)', '/login?redirect=/x'])(
    'ignores %j',
    (target) => {
      expect(safeRedirect(target)).toBeNull();
    },
  );

  // Issue 12 row 14: paths that only leave the site once resolved (dot segments, dropped tabs).
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/./..//evil.example/x?y=1',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/..//evil.example',
    '/.///evil.example',
    '///evil.example',
    '/./\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r//evil.example',
    '/.\t//evil.example',
    '/./login',
    '/x/../login?redirect=//evil.example',
  ])('ignores %j, which resolves off the site or back to login', (target) => {
    const answer = safeRedirect(target);
    expect(answer).toBeNull();
  });

  it.each([
    ['/./profile', '/profile'],
    ['/a/../profile-services?page=2#top', '/profile-services?page=2#top'],
    ['/.%2F/evil.example', '/.%2F/evil.example'],
  ])('resolves %j to the same-site path %j', (target, expected) => {
    const answer = safeRedirect(target);
    expect(answer).toBe(expected);
    expect(new URL(answer!, 'http://site.test').origin).toBe('http://site.test');
  });
});

describe('reading a query string', () => {
  it.each([
    ['?redirect=%2F%2Fevil.test', null],
    ['?redirect=https%3A%2F%2Fevil.test%2F', null],
    ['?redirect=%2F%5Cevil.test', null],
    ['?redirect=%2F.%2F%2Fevil.test', null],
    ['?redirect=%2Flogin%3Fredirect%3D%252Fx', null],
    ['?other=%2Fprofile', null],
    ['', null],
    ['?redirect=%2Fprofile', '/profile'],
    ['redirect=%2Fprofile', '/profile'],
  ])('%j → %j', (query, expected) => {
    expect(redirectTarget(query)).toBe(expected);
    expect(redirectTarget(new URLSearchParams(query))).toBe(expected);
  });
});
