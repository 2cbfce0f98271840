import { describe, expect, it } from 'vitest';
import { assertOwnName, assertPlainName } from '../../server/services/plain-names';
import { namesMustBePlain } from '../../domain/names/plain-names';
import { namesMustNotImitateStaff } from '../../domain/names/staff-names';
import { refused } from './support/refused';

/**
 * Names are one line of plain text (issue 12): a line break, a control character or a hidden
 * text-direction mark in a name could forge lines in the company's mails or read backwards in the
 * back office. Refused 400 with the field's label in the message.
 */
describe('plain names', () => {
  it.each(['Jane Customer', "Siobhán O'Neill-Ní Bhriain", 'Zoë Müller', '李小龍', 'محمد علي', 'Team 🧽 Sparkle', 'A\u00a0B'])('takes %s', (name) => {
    expect(() => assertPlainName('Full name', name)).not.toThrow();
  });

  it.each([
    ['a line break', 'Jane\nDear customer, pay here'],
    ['a carriage return', 'Jane\rCustomer'],
    ['a tab', 'Jane\tCustomer'],
    ['a NUL', 'Jane\u0000'],
    ['DEL', 'Jane\u007f'],
    ['a C1 control', 'Jane\u0085Customer'],
    ['a line separator', 'Jane\u2028Customer'],
    ['a paragraph separator', 'Jane\u2029Customer'],
    ['the Arabic letter mark', 'Jane\u061cCustomer'],
    ['a left-to-right mark', 'Jane\u200eCustomer'],
    ['a right-to-left mark', 'Jane\u200fCustomer'],
    ['a left-to-right embedding', 'Jane\u202aCustomer'],
    ['a right-to-left override', 'Jane\u202eremotsuC'],
    ['a left-to-right isolate', 'Jane\u2066Customer'],
    ['a pop directional isolate', 'Jane\u2069Customer'],
  ])('refuses a name holding %s', async (_what, name) => {
    await refused(() => assertPlainName('Full name', name), 400, 'Full name must not contain line breaks, control characters or text-direction marks');
    await refused(() => assertPlainName('Team name', name), 400, namesMustBePlain('Team name'));
  });
});

/**
 * Names a customer chooses must not read like the company's staff or the system (issue 24): the
 * rule lives in domain/names/staff-names.ts, so the forms say the same before anything is sent.
 */
describe('names that imitate staff or system labels', () => {
  it.each([
    'Sam Admin', 'Administrator', 'Sparkle Cleaning staff', 'Deleted user #3', 'Support', 'sparkle cleaning', 'SUPPORT TEAM',
    'The Moderators', 'Help Desk', 'Customer Service', 'sysadmin', 'Jo (staff)', 'deleted-user 12', 'SparkleCleaning',
    // Disguised: accents, Cyrillic look-alikes, digits for letters, letters spaced or dotted apart.
    'Sam Ádmin', 'Sam \u0410dmin', 'Supp\u043ert desk', '4dm1n Jane', 'A d m i n', 'S.u.p.p.o.r.t', 'Del\u0435ted User #4', 'ＡＤＭＩＮ',
    // Issue 34: invisible characters inside the word, and look-alikes TR39 folds (a Latin alpha).
    'Ad\u00admin Bob', 'Ad\u2060min Bob', '\ufeffAdmin Bob', 'Ad\u180emin Bob', '\u0251dmin Bob', 'Sup\u00adport Desk',
  ])('refuses %j with 400', async (name) => {
    await refused(() => assertOwnName('Full name', name), 400, 'Full name must be your own name: names like Admin, Support, Staff, Sparkle Cleaning or Deleted user are kept for the company');
    await refused(() => assertOwnName('Name', name), 400, namesMustNotImitateStaff('Name'));
  });

  it.each(['Jane Customer', 'Badminton Club Ltd', 'Supporter of Arsenal', 'Staffordshire Bull', 'Systemic Jones', 'Sparkle Jones', 'J. R. Hartley', 'Li Xiaolong', 'Zoë Müller', 'Adam Inglis', 'Admira Kovač'])('takes %j', (name) => {
    expect(() => assertOwnName('Full name', name)).not.toThrow();
  });
});

