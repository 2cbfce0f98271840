import type { ReactNode } from 'react';
import './card.css';

export interface CardProps {
  children: ReactNode;
  /** `article` for self-contained items (a service, a testimony), `section` for a titled panel. */
  as?: 'div' | 'article' | 'section';
  className?: string;
  'aria-labelledby'?: string;
}

/** A white panel with a soft border and shadow. */
export function Card({ children, as: Element = 'div', className, ...rest }: CardProps) {
  return (
    <Element className={['card', className ?? ''].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Element>
  );
}
