/**
 * Names that read like the company's own staff or the system (issue 24): "Sam Admin",
 * "Administrator", "Sparkle Cleaning staff", "Support", "Deleted user #3" (the label an erased
 * account gets, server/services/personal-data.ts). A customer so named could pass for staff in
 * the back office, in a contact message or in a mail. One home for the rule: the server
 * (server/services/plain-names.ts) and the forms (registration, profile, contact) both import it.
 *
 * Words, not substrings, so "Badminton" or "Supporter" stay free; a word is compared after the
 * usual disguises are undone: accents (Ádmin), look-alike Cyrillic letters (Аdmin), digits for
 * letters (4dm1n), and letters spaced or dotted apart (A d m i n, S.u.p.p.o.r.t).
 */
const STAFF_WORDS = new Set([
  'admin', 'admins', 'administrator', 'administrators', 'sysadmin', 'superuser', 'moderator', 'moderators',
  'staff', 'support', 'helpdesk', 'system', 'official',
]);
/** Labels of more than one word, compared with the spaces between words taken out. */
const STAFF_PHRASES = ['deleteduser', 'sparklecleaning', 'customerservice', 'helpdesk', 'teamsparkle'];

const LOOK_ALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i', '|': 'i',
};

function undisguised(name: string): string {
  return [...name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()].map((char) => LOOK_ALIKES[char] ?? char).join('');
}

/** The name's words; single letters in a row ("A d m i n", "S.u.p.p.o.r.t") are one word spelt apart. */
function wordsOf(plain: string): string[] {
  const words: string[] = [];
  let spelt = '';
  for (const token of plain.split(/[^\p{L}]+/u).filter(Boolean)) {
    if (token.length === 1) {
      spelt += token;
      continue;
    }
    if (spelt) words.push(spelt);
    spelt = '';
    words.push(token);
  }
  if (spelt) words.push(spelt);
  return words;
}

/** True when the name, or any word of it, reads like staff or a system label. */
export function imitatesStaff(name: string): boolean {
  const words = wordsOf(undisguised(name));
  if (words.some((word) => STAFF_WORDS.has(word))) return true;
  const joined = words.join('');
  return STAFF_PHRASES.some((phrase) => joined.includes(phrase));
}

/** The message a name that imitates staff gets, on the server (400) and in the forms alike. */
export const namesMustNotImitateStaff = (label: string) =>
  `${label} must be your own name: names like Admin, Support, Staff, Sparkle Cleaning or Deleted user are kept for the company`;
