import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentHead } from '../../lib/document-head';
import './page.css';

export interface PageProps {
  /** The document title is `${title} | Sparkle Cleaning`; the h1 shows `heading ?? title`. */
  title: string;
  heading?: ReactNode;
  /** Sets the page's meta description. */
  description?: string;
  /** Keeps the h1 for screen readers and focus, but hides it (pages with their own hero). */
  hideHeading?: boolean;
  /** `narrow` centres a form-sized column (login, register). */
  width?: 'narrow' | 'normal' | 'full';
  className?: string;
  children?: ReactNode;
}

/**
 * Every screen's frame. On navigation it names the document and moves focus to the h1, so screen
 * reader and keyboard users start at the new page rather than on the link they pressed.
 */
export function Page({ title, heading, description, hideHeading, width = 'normal', className, children }: PageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();

  // Also recorded while prerendering, for the page's <head> (src/lib/document-head.ts).
  useDocumentHead(`${title} | Sparkle Cleaning`, description);

  // Also when the path changes under the same screen (/service/1 → /service/2).
  // A new page starts at its top (BrowserRouter restores no scroll position).
  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className={['page', `page--${width}`, className ?? ''].filter(Boolean).join(' ')}>
      <h1 ref={headingRef} tabIndex={-1} className={hideHeading ? 'visually-hidden' : 'page__title'}>
        {heading ?? title}
      </h1>
      {children}
    </div>
  );
}
