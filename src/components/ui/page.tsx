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
 * The history entry the document was opened at (the first a Page saw). There the browser has put
 * the page (a reload's scroll position) and the person may have scrolled, tapped or typed before
 * the app started (decision 009): the app leaves scroll and focus alone.
 */
let documentEntry: string | undefined;

/**
 * Every screen's frame. On navigation it names the document and moves focus to the h1, so screen
 * reader and keyboard users start at the new page rather than on the link they pressed.
 */
export function Page({ title, heading, description, hideHeading, width = 'normal', className, children }: PageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { pathname, key } = useLocation();

  // Also recorded while prerendering, for the page's <head> (src/lib/document-head.ts).
  useDocumentHead(`${title} | Sparkle Cleaning`, description);

  // Also when the path changes under the same screen (/service/1 → /service/2).
  // A new page starts at its top (BrowserRouter restores no scroll position).
  useEffect(() => {
    documentEntry ??= key;
    if (key === documentEntry) return;
    window.scrollTo(0, 0);
    headingRef.current?.focus({ preventScroll: true });
    // The key is read, not followed: a new search string on the same path is not a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
