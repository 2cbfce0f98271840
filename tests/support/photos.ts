/**
 * Small real images for the check-out photo's tests (decision 061): one pixel each, in the three
 * accepted types, and what a photo is not (text named .jpg). Base64, as /my-jobs sends them.
 */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const WEBP_BASE64 = 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';
export const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';
export const TEXT_NAMED_JPG = Buffer.from('Not a photo: a shopping list saved as photo.jpg\n');

/** A JPEG's first bytes followed by zeros: `size` bytes in all (only its magic number is read). */
export function jpegOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from(JPEG_BASE64, 'base64').copy(bytes, 0, 0, Math.min(size, 20));
  return bytes;
}
