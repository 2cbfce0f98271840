import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { LinkButton } from '../ui';
import { BrandLogo } from './brand-logo';
import './navbar.css';

// Only signed-in people see the menu: its popover code stays out of a visitor's download.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

const links = [
  { href: paths.about, label: 'About' },
  { href: paths.services, label: 'Services' },
  { href: paths.contact, label: 'Contact' },
  { href: paths.faqs, label: 'FAQs' },
] as const;

/** Whether the panel was opened natively (a popover) before the app started. */
function isNativelyOpen(panel: HTMLElement | null): boolean {
  try {
    return panel?.matches(':popover-open') ?? false;
  } catch {
    // A browser without popovers: the Menu could not open before the app.
    return false;
  }
}

/**
 * The public site's top bar (R-SITE-5): page links, then Log in / Register or the user's menu.
 * On phones the links fold into a panel behind Menu. In the prerendered page, before the app runs,
 * Menu opens the panel as a native popover (decision 009: no script needed, its expanded state
 * announced by the browser, Escape and a tap outside close it). Once the app runs it takes over
 * (the panel then stays in the page's flow, where the user menu's own popover can open over it),
 * keeping the panel as the person left it. The account corner shows the signed-in user's menu only
 * then too: a prerendered page is a visitor's, and a customer's start-up hydrates it unchanged.
 */
export function Navbar() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [isOpen, setOpen] = useState(false);
  const [scripted, setScripted] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  // On phones the links fold away; following one closes the panel.
  useEffect(() => setOpen(false), [pathname]);

  // After the effect above (the last update wins): a panel opened before start-up stays open.
  useEffect(() => {
    setOpen(isNativelyOpen(panelRef.current));
    setScripted(true);
  }, []);

  return (
    <header className="navbar">
      <div className="navbar__inner container">
        <Link href={paths.landing} className="navbar__brand" aria-label="Sparkle Cleaning, home">
          <BrandLogo />
        </Link>
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={scripted ? isOpen : undefined}
          aria-controls="navbar-panel"
          popoverTarget={scripted ? undefined : 'navbar-panel'}
          onClick={scripted ? () => setOpen((open) => !open) : undefined}
        >
          <span className="navbar__toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <div
          id="navbar-panel"
          ref={panelRef}
          popover={scripted ? undefined : 'auto'}
          className={`navbar__panel${isOpen ? ' navbar__panel--open' : ''}`}
        >
          <nav aria-label="Main">
            <ul className="navbar__links">
              {links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="navbar__link"
                    aria-current={pathname === link.href ? 'page' : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="navbar__account">
            {user && scripted ? (
              <Suspense fallback={null}>
                <UserMenu name={user.name} />
              </Suspense>
            ) : (
              <>
                <LinkButton href={paths.login()} variant="ghost" size="sm">
                  Log in
                </LinkButton>
                <LinkButton href={paths.register} variant="primary" size="sm">
                  Register
                </LinkButton>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
