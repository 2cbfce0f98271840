/**
 * What a check-out photo may be (issue 26 item 2, decision 061), one home for the server (which
 * refuses with these words) and /my-jobs (which says so before sending megabytes over a phone's
 * data). A file is what its first bytes say, never its name or the type the phone declares: a
 * text file named photo.jpg is not a photo.
 */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TOO_BIG = 'The photo is larger than 5 MB';
export const NOT_A_PHOTO = 'The photo must be a JPEG, PNG or WebP image';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ASCII = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes begin with (their magic numbers), or null for anything else. */
export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  // JPEG: SOI then a marker (FF D8 FF).
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // PNG: its fixed eight-byte signature.
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // WebP: a RIFF container whose form type is WEBP.
  if (startsWith(bytes, ASCII('RIFF')) && startsWith(bytes, ASCII('WEBP'), 8)) return 'image/webp';
  return null;
}
