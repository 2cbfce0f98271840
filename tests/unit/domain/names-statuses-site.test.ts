import { describe, expect, it } from 'vitest';
import { CLOSED, FULLY_BOOKED, SLOT_TAKEN_MESSAGE, freeTimeLabel } from '../../../domain/capacity/availability-text';
import { DEFAULT_TRAVEL, postcodeArea, travelGap } from '../../../domain/capacity/travel-gap';
import { isPlainName, namesMustBePlain } from '../../../domain/names/plain-names';
import { imitatesStaff, namesMustNotImitateStaff } from '../../../domain/names/staff-names';
import { IN_QUEUE_STATUSES, ORDER_STATUSES, REVENUE_STATUSES } from '../../../domain/orders/order-statuses';
import { orderStatusTone, refundStatusTone, statusLabel } from '../../../domain/orders/status-labels';
import { adminPages, matchPage, pageId, publicPages, routePath } from '../../../domain/site/page-routes';
import { notCoveredDistrict, notCoveredMessage } from '../../../domain/site/service-area-text';

/** Names, statuses, the site's pages and the texts customers read, exactly as SPEC.md and the contract say them. */
describe('plain names (issue 12)', () => {
  it.each([
    'Jane\nDear customer', 'Jane\rX', 'Jane\tX', 'Jane\u0000', 'Jane\u007f', 'Jane\u0085X', 'Jane\u2028X', 'Jane\u2029X', 'Jane\u061cX',
    'Jane\u200eX', 'Jane\u200fX', 'Jane\u202aX', 'Jane\u202cX', 'Jane\u202eX', 'Jane\u2066X', 'Jane\u2068X', 'Jane\u2069X',
  ])('refuses %j', (name) => {
    expect(isPlainName(name)).toBe(false);
  });

  it.each(["Siobhán O'Neill", 'Zoë Müller', '李小龍', 'محمد علي', 'A\u00a0B', 'Jane\u200dX', 'Jane\u2065X', 'Jane\u202fX', ''])('takes %j', (name) => {
    expect(isPlainName(name)).toBe(true);
  });

  it('says why, naming the field', () => {
    expect(namesMustBePlain('Team name')).toBe('Team name must not contain line breaks, control characters or text-direction marks');
  });
});

describe('names that imitate staff (issue 24)', () => {
  it.each([
    'admin', 'Admins', 'Administrator', 'administrators', 'sysadmin', 'Superuser', 'moderator', 'Moderators', 'Staff', 'Support', 'helpdesk',
    'System', 'Official', 'Deleted user', 'Sparkle Cleaning', 'Customer Service', 'Help Desk', 'Team Sparkle',
    'Sam Ádmin', 'Sam \u0410dmin', '4dm1n', '@dm!n', 'A d m i n', 'S.u.p.p.o.r.t', 'Jo A d m i n', 'A d m i n Jo', 'ＡＤＭＩＮ',
    '$uppor7', 'sy5t3m', '|nfo Official', 'ѕtaff', 'ԁeleted user', 'Ѕрarkle Cleaning', 'αdmin', 'ΟFFICIAL', 'οfficial', 'Mοderatοr',
  ])('refuses %j', (name) => {
    expect(imitatesStaff(name)).toBe(true);
  });

  // Issue 34 row 5: what passed before the skeleton (TR39 confusables, default-ignorables, NFKC).
  it.each([
    'Ad\u00admin Bob', 'Ad\u200bmin Bob', 'Ad\u2060min Bob', '\ufeffAdmin Bob', 'Ad\u180emin Bob', 'Ad\u034fmin', 'ɑdmin Bob', 'Sup\u00adport Desk',
    'Sta\u200dff', 'Adrnin', 'ꓮdmin', 'Ꭺdmin', 'ѕuрроrt', 'ꜱupport',
  ])('refuses %j (its skeleton reads as staff)', (name) => {
    expect(imitatesStaff(name)).toBe(true);
  });

  it.each([
    'Badminton', 'Supporter', 'Sam Smith', 'Staffordshire', 'Sparkle', 'Jane Cleaning', 'A d m', 'Ad min', 'Deleted', 'User', '',
    "Siobhán O'Neill", 'Zoë Müller', '李小龍', 'محمد علي', 'Admiral Ng', 'Sy Stem-Jones', 'Ramin Adi',
  ])('takes %j', (name) => {
    expect(imitatesStaff(name)).toBe(false);
  });

  it('says why in the same words on the server and in the forms', () => {
    expect(namesMustNotImitateStaff('Full name')).toBe(
      'Full name must be your own name: names like Admin, Support, Staff, Sparkle Cleaning or Deleted user are kept for the company',
    );
  });
});

describe('order statuses', () => {
  it('lists the four statuses, the revenue ones and the ones still to do', () => {
    expect(ORDER_STATUSES).toEqual(['awaiting_validation', 'payment_validated', 'completed', 'cancelled']);
    expect(REVENUE_STATUSES).toEqual(['payment_validated', 'completed']);
    expect(IN_QUEUE_STATUSES).toEqual(['awaiting_validation', 'payment_validated']);
  });

  it('reads any server name as words, and an unknown status as neutral', () => {
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('a_b_c')).toBe('A b c');
    expect(statusLabel('')).toBe('');
    expect(orderStatusTone('archived')).toBe('neutral');
    expect(refundStatusTone('archived')).toBe('neutral');
  });
});

describe("the site's pages", () => {
  it('takes an id between 1 and 2147483647 written plainly, nothing else', () => {
    expect(['1', '42', '2147483647', '1000000000'].map(pageId)).toEqual([1, 42, 2_147_483_647, 1_000_000_000]);
    expect(['0', '2147483648', '9999999999', '01', '1.5', '-1', '1e3', ' 1', 'abc', '', undefined, '12345678901'].map(pageId)).toEqual(
      [null, null, null, null, null, null, null, null, null, null, null, null],
    );
  });

  it('matches every public and back-office page by name, a trailing slash being the same page', () => {
    expect(matchPage('/')).toEqual({ area: 'public', name: 'landing', params: {} });
    expect(matchPage('/about/')).toEqual({ area: 'public', name: 'about', params: {} });
    expect(matchPage('/about//')).toEqual({ area: 'public', name: 'about', params: {} });
    expect(matchPage('/properties/7')).toEqual({ area: 'public', name: 'properties', params: { id: '7' } });
    expect(matchPage('/confirm-email/t0k3n')).toEqual({ area: 'public', name: 'confirmEmail', params: { token: 't0k3n' } });
    expect(matchPage('/settings/pricing')).toEqual({ area: 'admin', name: 'pricing', params: {} });
    expect(matchPage('/order/12')).toEqual({ area: 'admin', name: 'order', params: { id: '12' } });
    expect(matchPage('/orders/12/receipt')).toEqual({ area: 'public', name: 'receipt', params: { id: '12' } });
    for (const [name, pattern] of Object.entries(publicPages)) {
      expect(matchPage(pattern.replace(':id', '5').replace(':token', 'abc'))?.name, pattern).toBe(name);
    }
    for (const [name, pattern] of Object.entries(adminPages)) {
      const match = matchPage(pattern.replace(':id', '5'));
      // "/orders" is also a back-office page; the public pages are looked at first only where they match.
      expect(match, pattern).toMatchObject({ area: 'admin', name });
    }
  });

  it('knows no other path: a bad id, an empty token, an extra or a missing segment', () => {
    for (const path of ['/service/0', '/service/abc', '/service', '/service/1/2', '/reset-password/', '/reset-password//', '/nowhere', '/about/x', '/order/2147483648', '/settings/prices', '']) {
      expect(matchPage(path), path).toEqual(path === '' ? { area: 'public', name: 'landing', params: {} } : null);
    }
  });

  it('writes a pattern as a route below the layout', () => {
    expect(routePath('/service/:id')).toBe('service/:id');
    expect(routePath('/')).toBe('');
    expect(routePath('about/')).toBe('about/');
  });
});

describe('what availability and the service area say', () => {
  it('labels a start with the teams free, in the singular for one team', () => {
    expect(freeTimeLabel('10:30', 2, 3)).toBe('10:30 — 2 of 3 teams free');
    expect(freeTimeLabel('10:30', 1, 1)).toBe('10:30 — 1 of 1 team free');
    expect(freeTimeLabel('11:00', 0, 3)).toBe('11:00 — Fully booked');
    expect([SLOT_TAKEN_MESSAGE, FULLY_BOOKED, CLOSED]).toEqual(['That time was just taken — please choose another', 'Fully booked', 'Closed']);
  });

  it("says a district is not covered, and reads the district back from exactly that message", () => {
    expect(notCoveredMessage('M1')).toBe("We don't cover M1 yet");
    expect(notCoveredDistrict("We don't cover M1 yet")).toBe('M1');
    expect(notCoveredDistrict("We don't cover SW1A yet")).toBe('SW1A');
    expect(notCoveredDistrict("Sorry, we don't cover M1 yet")).toBeNull();
    expect(notCoveredDistrict("Sorry: We don't cover M1 yet")).toBeNull();
    expect(notCoveredDistrict("We don't cover M1 yet!")).toBeNull();
    expect(notCoveredDistrict("We don't cover  yet")).toBeNull();
    expect(notCoveredDistrict(null)).toBeNull();
  });

  it('reads a postcode area with up to two letters, spaces before allowed, and 30/60 minutes by default', () => {
    expect(postcodeArea('  n1 9gu')).toBe('N');
    expect(postcodeArea('ABC1 2DE')).toBeNull();
    expect(postcodeArea('SW')).toBeNull();
    expect(postcodeArea('X SW1A')).toBeNull();
    expect(postcodeArea(undefined)).toBeNull();
    expect(DEFAULT_TRAVEL).toEqual({ sameArea: 30, otherArea: 60 });
    expect(travelGap(DEFAULT_TRAVEL, 'E', 'E')).toBe(30);
  });
});
