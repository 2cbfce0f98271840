import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import './checkbox.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
  /** Shown under the box and linked to it; marks it invalid. */
  errorMessage?: string | null;
  /**
   * Shown under the box, outside its label, and linked to it: the place for links (the terms and
   * the privacy policy), so a tap on the label only ever ticks the box (decision 076).
   */
  description?: ReactNode;
  className?: string;
}

/** A checkbox with its label beside it; links stand beside it in `description`, never in the label. */
export function Checkbox({ children, errorMessage, description, className, ...props }: CheckboxProps) {
  const base = props.id ?? props.name ?? 'checkbox';
  const errorId = errorMessage ? `${base}-error` : undefined;
  const descriptionId = description ? `${base}-description` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['checkbox-field', className ?? ''].filter(Boolean).join(' ')}>
      <AriaCheckbox
        {...props}
        isInvalid={props.isInvalid ?? Boolean(errorMessage)}
        aria-describedby={describedBy}
        className="checkbox"
      >
        <span className="checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 18 18" focusable="false">
            <polyline points="3.5 9.5 7.5 13 14.5 5" />
          </svg>
        </span>
        <span className="checkbox__label">{children}</span>
      </AriaCheckbox>
      {description ? (
        <p id={descriptionId} className="checkbox-field__description">
          {description}
        </p>
      ) : null}
      {errorMessage ? (
        <p id={errorId} className="field__error checkbox-field__error">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
