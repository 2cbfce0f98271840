import type { InspectionEvent, Observer } from 'xstate';

/**
 * Every actor of the app is created with `{ inspect }` from here. It is set only when the
 * Stately inspector was asked for (`?inspect` in the URL, or VITE_INSPECT=true in development),
 * and the inspector's code is loaded only then, so visitors never download it.
 */
export let inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

export function isInspectorWanted(): boolean {
  if (typeof window === 'undefined') return false;
  const fromUrl = new URLSearchParams(window.location.search).has('inspect');
  return fromUrl || (import.meta.env.DEV && import.meta.env.VITE_INSPECT === 'true');
}

export async function setupInspector(): Promise<void> {
  if (!isInspectorWanted()) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector({ autoStart: true }).inspect;
}
