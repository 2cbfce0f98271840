import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import './checkbox.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
  /** Shown under the box and linked to it; marks it invalid. */
  errorMessage?: string | null;
  className?: string;
}

/** A checkbox with its label beside it; the label may hold links (terms and privacy policy). */
export function Checkbox({ children, errorMessage, className, ...props }: CheckboxProps) {
  const errorId = errorMessage ? `${props.id ?? props.name ?? 'checkbox'}-error` : undefined;
  return (
    <div className={['checkbox-field', className ?? ''].filter(Boolean).join(' ')}>
      <AriaCheckbox
        {...props}
        isInvalid={props.isInvalid ?? Boolean(errorMessage)}
        aria-describedby={errorId}
        className="checkbox"
      >
        <span className="checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 18 18" focusable="false">
            <polyline points="3.5 9.5 7.5 13 14.5 5" />
          </svg>
        </span>
        <span className="checkbox__label">{children}</span>
      </AriaCheckbox>
      {errorMessage ? (
        <p id={errorId} className="field__error checkbox-field__error">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
