import type { AppContext, Handlers } from '../app-context';
import { createProfiles } from '../services/profiles';
import { textSettings, updateTextSettings } from '../services/texts';

/** The signed-in user's own profile (PUT /user/update, R-AUTH-8). */
export function userHandlers(ctx: AppContext): Partial<Handlers> {
  const profiles = createProfiles(ctx);
  return {
    updateProfile: async (request) =>
      profiles.update(request.user!.id, request.body, request.ip),
    getTextSettings: async (request) => textSettings(ctx.db, request.user!.id),
    updateTextSettings: async (request) => updateTextSettings(ctx.db, request.user!.id, request.body, ctx.now()),
  };
}
