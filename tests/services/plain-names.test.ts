import { describe, expect, it } from 'vitest';
import { assertPlainName, namesMustBePlain } from '../../server/services/plain-names';
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
