import { startTransition, useEffect, useState } from 'react';

/**
 * False in the prerendered HTML and while React hydrates it, true once the app runs the page.
 * The switch is a transition, so the re-render it causes is done in slices, not one long task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
