import { describe, expect, it } from 'vitest';
import { photoTypeOf } from '../../domain/photos/check-out-photo';
import { JPEG_BASE64, PNG_BASE64, TEXT_NAMED_JPG, WEBP_BASE64 } from '../support/photos';

/** A photo is what its first bytes say (decision 061), not its name or declared type. */
describe('photoTypeOf', () => {
  const bytes = (base64: string) => Buffer.from(base64, 'base64');

  it('reads JPEG, PNG and WebP by their magic numbers', () => {
    expect([JPEG_BASE64, PNG_BASE64, WEBP_BASE64].map((photo) => photoTypeOf(bytes(photo)))).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('refuses text named .jpg, another RIFF file (a WAVE sound), a GIF, a cut signature and nothing at all', () => {
    const wave = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]);
    const cases = [TEXT_NAMED_JPG, wave, Buffer.from('GIF89a'), bytes(PNG_BASE64).subarray(0, 7), Buffer.from([0xff, 0xd8]), Buffer.alloc(0)];
    expect(cases.map((file) => photoTypeOf(file))).toEqual([null, null, null, null, null, null]);
  });
});
