import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../ui';
import { paths } from '../../shared/paths';
import { Footer } from './footer';
import { Navbar } from './navbar';

// R-SITE-6: these pages have no common footer (the landing page has its own closing banner).
const withoutFooter = new Set<string>([paths.landing, paths.about, paths.services, paths.myOrders, paths.faqs, paths.success]);

/** The visitor and customer frame: navbar, the page, and the footer where R-SITE-6 shows it. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const showFooter = !withoutFooter.has(pathname.replace(/\/+$/, '') || '/');
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        {/* The navbar stays while a screen's chunk loads. */}
        <Suspense fallback={<Spinner label="Loading page" size="lg" />}>
          <Outlet />
        </Suspense>
      </main>
      {showFooter ? <Footer /> : null}
    </>
  );
}
