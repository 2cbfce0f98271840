import type { JobPhoto } from '../../openapi/schema';
import type { Database } from '../db/database';
import { badRequest, HttpError, notFound } from '../lib/http-error';
import { jobPhotosRepository, type JobPhotoInfo } from '../repositories/job-photos';
import { MAX_PHOTO_BYTES, NOT_A_PHOTO, PHOTO_TOO_BIG, photoTypeOf, type PhotoType } from '../../domain/photos/check-out-photo';

export const NO_PHOTO = 'This order has no photo';
export const PHOTO_NOT_BASE64 = 'The photo must be sent as base64';
export const PHOTO_ONLY_AT_CHECK_OUT = 'A photo is sent with check-out';

// Buffer.from(…, 'base64') skips what is not base64; the contract says base64, so anything else is refused.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The photo a cleaner sent, checked before anything is written (decision 061): its size from the
 * base64's length (a 7 MB text is not decoded to be refused), then its type from its first bytes.
 */
export function decodePhoto(base64: string): { contentType: PhotoType; bytes: Buffer } {
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw badRequest(PHOTO_NOT_BASE64);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > MAX_PHOTO_BYTES) throw new HttpError(413, PHOTO_TOO_BIG);
  const bytes = Buffer.from(base64, 'base64');
  const contentType = photoTypeOf(bytes);
  if (!contentType) throw new HttpError(415, NOT_A_PHOTO);
  return { contentType, bytes };
}

export const photoView = (info: JobPhotoInfo | undefined): JobPhoto | null =>
  info ? { content_type: info.content_type, bytes: info.bytes, taken_at: info.taken_at.toISOString(), taken_by: info.taken_by } : null;

/** An order's photo for staff (getOrderPhoto); 404 when it has none. */
export async function orderPhoto(db: Database, orderId: number): Promise<{ content_type: PhotoType; bytes: Buffer }> {
  const photo = await jobPhotosRepository(db).find(orderId);
  if (!photo) throw notFound(NO_PHOTO);
  return photo;
}
