/**
 * Text messages go to UK mobile numbers only (issue 38, decision 094). A number is kept in E.164
 * (`+447…`): `07700 900123`, `+44 7700 900123`, `0044 7700-900123` and `(07700) 900 123` are the
 * same number. A UK landline (01…, 02…, 03…), an 08/09 number, a foreign number and anything that is
 * not a phone number are refused, each with a sentence that says why.
 */
export const NOT_A_PHONE_NUMBER = 'Enter a UK mobile number, like 07700 900123';
export const NOT_A_UK_MOBILE = 'Texts go to UK mobile numbers only (07… or +44 7…): this number cannot get texts';

export type UkMobile = { ok: true; e164: string } | { ok: false; message: string };

/** The number in E.164 (`+447` and 9 digits) when it is a UK mobile, else why not. */
export function ukMobile(input: string): UkMobile {
  const compact = input.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d{7,15}$/.test(compact)) return { ok: false, message: NOT_A_PHONE_NUMBER };
  let national: string;
  if (compact.startsWith('+44')) national = `0${compact.slice(3)}`;
  else if (compact.startsWith('0044')) national = `0${compact.slice(4)}`;
  else if (compact.startsWith('+') || compact.startsWith('00')) return { ok: false, message: NOT_A_UK_MOBILE };
  else if (compact.startsWith('44') && compact.length === 12) national = `0${compact.slice(2)}`;
  else national = compact;
  // "+44 (0) 7700…" written with the trunk 0 kept.
  if (national.startsWith('00')) national = national.slice(1);
  if (!/^0\d{10}$/.test(national)) return { ok: false, message: national.startsWith('0') && !national.startsWith('07') ? NOT_A_UK_MOBILE : NOT_A_PHONE_NUMBER };
  // 07 numbers are mobiles, except 070 (personal numbers) and 076 (pagers, but 07624 is the Isle of Man's mobiles).
  if (!national.startsWith('07') || national.startsWith('070') || (national.startsWith('076') && !national.startsWith('07624'))) {
    return { ok: false, message: NOT_A_UK_MOBILE };
  }
  return { ok: true, e164: `+44${national.slice(1)}` };
}

/** `+447700900123` as people read it: `+44 7700 900123`. */
export function readableMobile(e164: string): string {
  return /^\+447\d{9}$/.test(e164) ? `+44 ${e164.slice(3, 7)} ${e164.slice(7)}` : e164;
}

/**
 * Replies a provider treats as opting out or back in (Twilio's default keywords for a long code,
 * matched case-insensitively on the whole trimmed body): the shop honours the same ones, so what
 * the provider stops sending and what the shop records agree.
 */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;

/** What an inbound text asks for: `out` (stop texts), `in` (start again) or null (anything else). */
export function replyKeyword(body: string): 'out' | 'in' | null {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'in';
  return null;
}
