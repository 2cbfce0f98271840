import type { FormHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import './form.css';

export type FormProps = FormHTMLAttributes<HTMLFormElement>;

/**
 * A form the app handles. A prerendered page shows it before its script has run: until then its
 * fields sit in a disabled fieldset, so Enter cannot submit it natively (a GET that would put the
 * password in the address) and nothing typed is lost at hydration. Once hydrated it is a plain form.
 */
export function Form({ children, ...props }: FormProps) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset className="form__fields" disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}
