import type { AppContext, Handlers } from '../app-context';

// Placeholder: the handlers of this area are written next (booking/admin).
export function bookingHandlers(_ctx: AppContext): Partial<Handlers> {
  return {};
}
