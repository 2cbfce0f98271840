import type { TextSettings, TextSettingsUpdate } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

/** GET /user/texts: the number texts go to and whether the signed-in person opted in (decision 094). */
export function getTextSettings(): Promise<TextSettings> {
  return unwrap(api.GET('/user/texts'));
}

/** PUT /user/texts: opt in with a UK mobile, change it, or opt out. */
export function updateTextSettings(body: TextSettingsUpdate): Promise<TextSettings> {
  return unwrap(api.PUT('/user/texts', { body }));
}
