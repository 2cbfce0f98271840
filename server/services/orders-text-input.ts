import { badRequest } from '../lib/http-error';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000), which JSON can carry; refused up front
 * with a 400 naming the field, instead of failing in the database.
 */
export function assertStorableText(fields: Record<string, string>): void {
  for (const [name, value] of Object.entries(fields)) {
    if (value.includes('\u0000')) throw badRequest(`body/${name} must not contain NUL characters`);
  }
}
