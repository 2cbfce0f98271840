import { useEffect, useRef, useState, type FormHTMLAttributes } from 'react';
import { adoptTypedValues, takePendingSubmit } from './adopt-typed-values';

export type FormProps = FormHTMLAttributes<HTMLFormElement>;

/**
 * A form the app handles. A prerendered page shows it before its script has run, and its fields
 * are usable at once (decision 009): what a person types, ticks or submits meanwhile is kept.
 * - At hydration React keeps the values in the fields but does not know them; they are handed to
 *   the screen's state here, as if typed now, so the next render does not wipe them.
 * - A submit before that never leaves the page (the page loader, server/lib/page-loader.ts, stops
 *   it while the form carries `data-before-app` and marks the form); it is carried out here once
 *   the values are in. `method="post"` keeps a password out of the address even if that loader
 *   never ran. (React renders the attribute on every render, but only sets what changed: removed
 *   once, it stays removed.)
 */
export function Form({ children, ...props }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  const [replaySubmit, setReplaySubmit] = useState(false);

  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    // From now on React handles its submit; the page loader stops holding it.
    form.removeAttribute('data-before-app');
    adoptTypedValues(form);
    if (takePendingSubmit(form)) setReplaySubmit(true);
  }, []);

  // A render later: the screen's submit handler now sees the adopted values.
  useEffect(() => {
    if (!replaySubmit) return;
    setReplaySubmit(false);
    ref.current?.requestSubmit();
  }, [replaySubmit]);

  return (
    <form method="post" {...props} ref={ref} data-before-app="">
      {children}
    </form>
  );
}
