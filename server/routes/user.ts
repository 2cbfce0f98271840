import type { AppContext, Handlers } from '../app-context';
import { createProfiles } from '../services/profiles';

/** The signed-in user's own profile (PUT /user/update, R-AUTH-8). */
export function userHandlers(ctx: AppContext): Partial<Handlers> {
  const profiles = createProfiles(ctx);
  return {
    updateProfile: async (request) =>
      profiles.update(request.user!.id, request.body, request.ip),
  };
}
