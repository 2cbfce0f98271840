import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';
import { HttpError } from './http-error';

export const KEY_USED_MESSAGE = 'This Idempotency-Key was used for another request';

/** A retry must send what the first request sent: the same key with another body is a client error. */
export const keyUsedForAnotherRequest = () => new HttpError(422, KEY_USED_MESSAGE);

/** The same body hashes alike whatever the order of its fields, nested ones included. */
export function bodyHash(body: unknown): string {
  return createHash('sha256').update(stringify(body) ?? '').digest('hex');
}
