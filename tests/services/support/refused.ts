import { expect } from 'vitest';
import { HttpError } from '../../../server/lib/http-error';

/** Expects the service to refuse with this status and exactly this message (what the API answers as `{ message }`). */
export async function refused(work: Promise<unknown> | (() => unknown), status: number, message: string): Promise<void> {
  const error = await (async () => {
    try {
      await (typeof work === 'function' ? work() : work);
      return null;
    } catch (caught) {
      return caught;
    }
  })();
  expect(error, `expected ${status} "${message}"`).toBeInstanceOf(HttpError);
  expect({ status: (error as HttpError).statusCode, message: (error as HttpError).message }).toEqual({ status, message });
}
