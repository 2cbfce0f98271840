/**
 * Decision 068: the prerender puts a page's small SVG service pictures inside its data (and so its
 * HTML) as `data:` URLs; anything else stays the URL it was. Read from public/, as the build copies it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INLINE_PICTURE_MAX_BYTES, inlinePictures } from '../../scripts/prerender/inline-pictures';

const readPublic = (urlPath: string) => {
  const file = path.join('public', urlPath);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
};

describe('inlinePictures', () => {
  it('makes every seeded service picture a data: URL, in a list and in one service, and leaves the rest alone', () => {
    const services = [
      { id: 1, name: 'House Keeping', picture: '/images/services/house-keeping.svg' },
      { id: 2, name: 'Handyman', picture: '/images/services/handyman.svg', faqs: [{ q: 'picture?', picture: '/images/services/moving.svg' }] },
    ];
    const inlined = inlinePictures(services, readPublic);
    expect(inlined.map((s) => s.picture.slice(0, 19))).toEqual(['data:image/svg+xml,', 'data:image/svg+xml,']);
    expect(inlined[1]!.faqs![0]!.picture.startsWith('data:image/svg+xml,')).toBe(true);
    expect(inlined[0]!.name).toBe('House Keeping');
    expect(services[0]!.picture, 'the answer read is not changed').toBe('/images/services/house-keeping.svg');
  });

  it('keeps the URL of a picture that is not a small SVG of the build', () => {
    const big = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">${'<g/>'.repeat(INLINE_PICTURE_MAX_BYTES)}</svg>`;
    const read = (urlPath: string) => (urlPath === '/big.svg' ? big : readPublic(urlPath));
    const pictures = ['/big.svg', '/images/missing.svg', '/images/photo.jpg', 'https://example.com/x.svg'];
    expect(inlinePictures(pictures.map((picture) => ({ picture })), read).map((s) => s.picture)).toEqual(pictures);
  });
});
