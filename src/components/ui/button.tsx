import { useEffect, useRef } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { ANNOUNCER_FIRST_DELAY_MS, dropAnnouncementsNamingNothing } from './stale-announcements';
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
  // A button that was ever pending has been announced by its id: when it goes, so does that entry.
  const announced = useRef(false);
  if (props.isPending) announced.current = true;
  useEffect(() => () => {
    if (!announced.current) return;
    dropAnnouncementsNamingNothing();
    setTimeout(dropAnnouncementsNamingNothing, ANNOUNCER_FIRST_DELAY_MS);
  }, []);
  return <AriaButton {...props} className={buttonClassName(variant, size, fullWidth, className)} />;
}

export function buttonClassName(variant: ButtonVariant, size: ButtonSize, fullWidth?: boolean, extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, fullWidth ? 'btn--full' : '', extra ?? ''].filter(Boolean).join(' ');
}
