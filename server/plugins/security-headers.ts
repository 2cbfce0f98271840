import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageLoaderHash } from '../lib/page-loader';

/**
 * Security headers on every answer (the SPA, the API, the payment and docs pages):
 * - a Content-Security-Policy that allows no foreign script and no inline script but the
 *   prerendered pages' loader, by its hash (`script-src 'self' 'sha256-…'`, lib/page-loader.ts), no
 *   plugins, no <base>, no framing, and forms posting only here; inline styles stay allowed (the
 *   toasts and the docs page set them, and styles cannot run code);
 * - nosniff, no Referer (a reset link carries its token in the path), no camera/microphone/location;
 * - HSTS in production, where the site is served over HTTPS;
 * - `Cache-Control: no-store` on every API answer that has not chosen its own caching (only the
 *   public reads do): tokens, orders and profiles never land in a shared or disk cache.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${pageLoaderHash}`,
  "style-src 'self' 'unsafe-inline'",
  // blob: the check-out photo staff see, fetched with their token and shown from memory (decision 061).
  // data: the prerendered pages' service pictures, inside the HTML (decision 068), and the CSS's
  // small drawings; a picture in an <img> cannot run script, so this lets in no code.
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

async function securityHeaders(app: FastifyInstance, options: { production: boolean; apiOrigins?: string[] }): Promise<void> {
  const policy = options.apiOrigins?.length
    ? CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${options.apiOrigins.join(' ')}`)
    : CONTENT_SECURITY_POLICY;
  // Built once; set in one pass per answer, in the callback form (issue 6: no promise per request).
  const fixed: Array<[string, string]> = [
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'no-referrer'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ...(options.production ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    // A page that chose a stricter policy of its own (the payment pages) keeps it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    for (const [name, value] of fixed) reply.header(name, value);
    if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

function isApi(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url.charCodeAt(4) === 47 /* / */);
}

export default fp(securityHeaders, { name: 'security-headers' });
