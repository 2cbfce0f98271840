import { lazy, Suspense, useEffect, useState } from 'react';
import { Button as AriaButton, Link } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
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

/** The public site's top bar (SPEC 2): page links, then Log in / Register or the user's menu. */
export function Navbar() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [isOpen, setOpen] = useState(false);

  // On phones the links fold away; following one closes the panel.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="navbar">
      <div className="navbar__inner container">
        <Link href={paths.landing} className="navbar__brand" aria-label="Sparkle Cleaning, home">
          <BrandLogo />
        </Link>
        <AriaButton
          className="navbar__toggle"
          aria-expanded={isOpen}
          aria-controls="navbar-panel"
          onPress={() => setOpen((open) => !open)}
        >
          <span className="navbar__toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </AriaButton>
        <div id="navbar-panel" className={`navbar__panel${isOpen ? ' navbar__panel--open' : ''}`}>
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
            {user ? (
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
