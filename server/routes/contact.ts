import type { AppContext, Handlers } from '../app-context';

// Placeholder: the handlers of this area are written next (server core).
export function contactHandlers(_ctx: AppContext): Partial<Handlers> {
  return {};
}
