import { createHash } from 'node:crypto';
import { publicPages } from '../../domain/site/page-routes';
import { redirectPrefix } from '../../domain/site/login-redirect';
import { returningVisitorKey, storedSessionKey } from '../../domain/site/stored-session';

/**
 * The one inline script of a prerendered page (scripts/prerender/page-html.ts), allowed by the
 * Content-Security-Policy through its hash, nothing else inline. A prerendered page is complete
 * without script, so the app is only requested once the page has loaded (its pictures are in), has
 * painted (the browser's first-contentful-paint entry, where it has one) and two more frames have
 * passed: its script never competes with the first paint for the network or the main thread
 * (issue 6, goal 2). The element carries the modules to load in `data-modules`, the
 * entry first; the others are preloaded beside it, so nothing waits for the entry to be parsed,
 * six to a task (each <link> costs the main thread about 0.75 ms, 3 ms on a slow phone).
 * Until the app has taken a form over (the Form drops its `data-before-app` then; the page's lazy
 * screen may hydrate after the rest of the page), its submission never leaves the page (it would
 * be a native one): the form is marked `data-submit-pending` and the app's Form carries it out
 * once it has the fields (src/components/ui/form.tsx, decision 009).
 * A page behind sign-in (`data-sign-in`, e.g. /properties/:id, prerendered with its items for the
 * signed-in customer) sends a visitor with no kept session (domain/site/stored-session.ts) to /login before the page paints, as the app would after starting:
 * the visitor never sees the booking page swapped for the login form (no layout shift, decision 052).
 * `data-sign-in="returning"` (the booking page, decision 080): only someone who has signed in on this
 * browser before is sent; a first-time visitor stays on the page made for them.
 * The text never changes with a build, so neither does its hash.
 */
export const pageLoaderScript = [
  '(function (s) {',
  '  try {',
  '    var signIn = s.getAttribute("data-sign-in");',
  `    if (signIn !== null && !localStorage.getItem(${JSON.stringify(storedSessionKey)}) && (signIn !== "returning" || localStorage.getItem(${JSON.stringify(returningVisitorKey)}))) {`,
  `      location.replace(${JSON.stringify(redirectPrefix(publicPages.login))} + encodeURIComponent(location.pathname + location.search));`,
  '      return;',
  '    }',
  '  } catch (e) {}',
  '  var loaded = false, painted = false, started = false;',
  '  function add(src, entry) {',
  '    var e = document.createElement(entry ? "script" : "link");',
  '    if (entry) { e.type = "module"; e.src = src; } else { e.rel = "modulepreload"; e.href = src; }',
  '    e.crossOrigin = "";',
  '    document.head.appendChild(e);',
  '  }',
  '  function start() {',
  '    if (started || !loaded || !painted) return;',
  '    started = true;',
  '    requestAnimationFrame(function () { requestAnimationFrame(function () {',
  '      var modules = s.dataset.modules.split(" ");',
  '      add(modules.shift(), true);',
  '      (function next() {',
  '        modules.splice(0, 6).forEach(function (src) { add(src, false); });',
  '        if (modules.length) setTimeout(next, 0);',
  '      })();',
  '    }); });',
  '  }',
  '  addEventListener("submit", function (e) {',
  '    if (!e.target.hasAttribute("data-before-app")) return;',
  '    e.preventDefault();',
  '    e.stopImmediatePropagation();',
  '    e.target.setAttribute("data-submit-pending", "");',
  '  }, true);',
  '  addEventListener("load", function () { loaded = true; start(); });',
  '  var P = window.PerformanceObserver;',
  '  if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf("paint") >= 0) {',
  '    new P(function (list, observer) {',
  '      if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); painted = true; start(); }',
  '    }).observe({ type: "paint", buffered: true });',
  '  } else painted = true;',
  '})(document.currentScript);',
].join('\n');

/** The CSP source that allows exactly that script. */
export const pageLoaderHash = `'sha256-${createHash('sha256').update(pageLoaderScript).digest('base64')}'`;
