import { useEffect } from 'react';
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

/** The one button: react-aria-components, so press, keyboard and focus ring behave everywhere. */
export function Button({ variant = 'primary', size = 'md', fullWidth, className, ...props }: ButtonProps) {
  // A pending button is announced by its id: entries left naming nothing are dropped (issue 39 row 8).
  const pending = props.isPending === true;
  useEffect(() => {
    if (pending) watchAnnouncements();
  }, [pending]);
  return <AriaButton {...props} className={buttonClassName(variant, size, fullWidth, className)} />;
}

export function buttonClassName(variant: ButtonVariant, size: ButtonSize, fullWidth?: boolean, extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, fullWidth ? 'btn--full' : '', extra ?? ''].filter(Boolean).join(' ');
}
