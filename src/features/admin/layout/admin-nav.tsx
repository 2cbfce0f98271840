import { NavLink } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';

const links = [
  { to: paths.admin.dashboard, label: 'Overview', icon: '▦' },
  { to: paths.admin.orders, label: 'Orders', icon: '☰' },
  { to: paths.admin.officeBooking, label: 'Book by phone', icon: '☎' },
  { to: paths.admin.schedule, label: 'Schedule', icon: '▤' },
  { to: paths.admin.teams, label: 'Teams', icon: '⚑' },
  { to: paths.admin.reports, label: 'Reports', icon: '▥' },
  { to: paths.admin.refunds, label: 'Refunded orders', icon: '↺' },
  { to: paths.admin.users, label: 'Users', icon: '☺' },
  { to: paths.admin.customers, label: 'Customers', icon: '☷' },
  { to: paths.admin.messages, label: 'Messages', icon: '✉' },
  { to: paths.admin.pricing, label: 'Prices and hours', icon: '£' },
  { to: paths.admin.settings, label: 'Settings', icon: '⚙' },
] as const;

/**
 * R-ADMIN-1: overview, orders, refunded orders, users, settings, and Log out (back to /).
 * NavLink marks the current screen with aria-current="page"; an order's detail counts as Orders.
 */
export function AdminNav({ id, open, userName }: { id: string; open: boolean; userName: string }) {
  const { send } = useSession();
  return (
    <nav id={id} aria-label="Back office" className={open ? 'admin-nav admin-nav--open' : 'admin-nav'}>
      <p className="admin-nav__user">
        Signed in as <strong>{userName}</strong>
      </p>
      <ul className="admin-nav__list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === paths.admin.dashboard || link.to === paths.admin.settings} className="admin-nav__link">
              <span className="admin-nav__icon" aria-hidden="true">{link.icon}</span>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <button type="button" className="admin-nav__link admin-nav__logout" onClick={() => send({ type: 'session.logout' })}>
        <span className="admin-nav__icon" aria-hidden="true">⎋</span>
        Log out
      </button>
    </nav>
  );
}
