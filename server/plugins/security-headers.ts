import type { FastifyInstance } from 'fastify';
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
  "img-src 'self' data:",
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
  app.addHook('onSend', async (request, reply, payload) => {
    // A page that chose a stricter policy of its own (the payment pages) keeps it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.production) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
