import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { paths } from '../../shared/paths';
import { useSession } from '../../shared/session';

/** The logged-in user's menu (R-SITE-5): Settings, My orders (the spec's "Services": decision 032), Logout (back to /). */
export function UserMenu({ name }: { name: string }) {
  const { send } = useSession();
  return (
    <MenuTrigger>
      <AriaButton className="user-menu__trigger">
        <span className="user-menu__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="user-menu__name">{name}</span>
        <span className="user-menu__chevron" aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className="user-menu__popover" placement="bottom end">
        <Menu className="user-menu__list" aria-label={`${name}'s account`}>
          <MenuItem className="user-menu__item" href={paths.profile}>
            Settings
          </MenuItem>
          <MenuItem className="user-menu__item" href={paths.myOrders}>
            My orders
          </MenuItem>
          <MenuItem className="user-menu__item" onAction={() => send({ type: 'session.logout' })}>
            Logout
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

function initials(name: string): string {
  return name.trim().slice(0, 2).toUpperCase();
}
