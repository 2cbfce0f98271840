/**
 * A prerendered page's service pictures as `data:` URLs (decision 068). A service card's or a
 * service page's picture is the largest thing on its first screen (Lighthouse's LCP element on
 * `/home` and `/service/:id`); fetched by its URL it waits for one more round trip after the HTML,
 * about 0.15–0.25 s on Lighthouse's simulated phone. Inlined, it paints with the first paint. It is
 * done to the page's data, before React renders it, so the HTML and the state that hydrates it hold
 * the same `src` (hydration matches; React does not preload a `data:` picture). The app's later
 * read of the same API answer brings the server's URLs back: the same picture, fetched after
 * start-up instead of before the first paint.
 */
import svgToMiniDataURI from 'mini-svg-data-uri';

/**
 * Only small SVG drawings (each of the seed's is 1.1–1.4 KB, about 0.5 KB brotli in the HTML): a
 * bigger picture would cost the HTML more than it saves, and the HTML's first round trip carries
 * about 14 KB (TCP's initial window).
 */
export const INLINE_PICTURE_MAX_BYTES = 2 * 1024;

/** The build's copy of a site path (`/images/…`), or null. */
export type ReadBuilt = (urlPath: string) => string | null;

/** `value` with every `picture` that names a small SVG of the build made a `data:` URL. */
export function inlinePictures<T>(value: T, readBuilt: ReadBuilt): T {
  if (Array.isArray(value)) return value.map((item: unknown) => inlinePictures(item, readBuilt)) as T;
  if (!value || typeof value !== 'object') return value;
  const copy = { ...(value as Record<string, unknown>) };
  for (const [key, field] of Object.entries(copy)) {
    copy[key] = key === 'picture' && typeof field === 'string' ? inlinePicture(field, readBuilt) : inlinePictures(field, readBuilt);
  }
  return copy as T;
}

function inlinePicture(src: string, readBuilt: ReadBuilt): string {
  if (!src.startsWith('/') || !src.endsWith('.svg')) return src;
  const svg = readBuilt(src);
  if (svg === null || Buffer.byteLength(svg) > INLINE_PICTURE_MAX_BYTES) return src;
  return svgToMiniDataURI(svg);
}
