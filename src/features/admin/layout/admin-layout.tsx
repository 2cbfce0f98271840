import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../../shared/session';
import { AdminNav } from './admin-nav';
import './admin-layout.css';

/**
 * The back office frame: a side navigation (a collapsible panel on phones, opened by the Menu
 * button) and the current screen. Opening another screen closes the panel again.
 */
export function AdminLayout() {
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin__topbar">
        <p className="admin__brand">
          <span className="admin__logo" aria-hidden="true">✦</span> Sparkle Cleaning
          <span className="admin__brand-note">Back office</span>
        </p>
        <button
          type="button"
          className="admin__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span> Menu
        </button>
      </header>
      <AdminNav id="admin-nav" open={menuOpen} userName={user?.name ?? ''} />
      <main id="main" className="admin__main">
        <Outlet />
      </main>
    </div>
  );
}
