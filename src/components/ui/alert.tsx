import type { ReactNode } from 'react';
import './alert.css';

export type AlertVariant = 'error' | 'success' | 'info';

export interface AlertProps {
  variant?: AlertVariant;
  children: ReactNode;
  className?: string;
}

/** A message announced as soon as it appears (role=alert); errors are red. */
export function Alert({ variant = 'info', children, className }: AlertProps) {
  return (
    <div role="alert" className={['alert', `alert--${variant}`, className ?? ''].filter(Boolean).join(' ')}>
      <span className="alert__icon" aria-hidden="true">{icons[variant]}</span>
      <div className="alert__text">{children}</div>
    </div>
  );
}

const icons: Record<AlertVariant, string> = { error: '!', success: '✓', info: 'i' };
