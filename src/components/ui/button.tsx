import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { watchAnnouncements } from './stale-announcements';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends Omit<AriaButtonProps, 'className'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches the button to its container's width (forms on phones). */
  fullWidth?: boolean;
  className?: string;
}

/**
 * The one button: react-aria-components, so press, keyboard and focus ring behave everywhere.
 * `autoFocus` focuses it when it mounts, always (decision 114): react-aria's own waits a frame and
 * any CSS transition after a virtual click (an Enter that submits a form is one) and then gives up
 * if focus moved meanwhile, as it does when a dialog focuses itself first, so a button mounted in
 * an open dialog (its list loaded) could be left unfocused.
 */
export function Button({ variant = 'primary', size = 'md', fullWidth, className, autoFocus, ...props }: ButtonProps) {
  // A pending button is announced by its id: entries left naming nothing are dropped (issue 39 row 8).
  const pending = props.isPending === true;
  useEffect(() => {
    if (pending) watchAnnouncements();
  }, [pending]);
  const ref = useRef<HTMLButtonElement>(null);
  const focusOnMount = useRef(autoFocus === true);
  useLayoutEffect(() => {
    if (focusOnMount.current) ref.current?.focus();
  }, []);
  return <AriaButton {...props} ref={ref} className={buttonClassName(variant, size, fullWidth, className)} />;
}

export function buttonClassName(variant: ButtonVariant, size: ButtonSize, fullWidth?: boolean, extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, fullWidth ? 'btn--full' : '', extra ?? ''].filter(Boolean).join(' ');
}
