import unhomoglyph from 'unhomoglyph';

/**
 * Names that read like the company's own staff or the system (issue 24): "Sam Admin",
 * "Administrator", "Sparkle Cleaning staff", "Support", "Deleted user #3" (the label an erased
 * account gets, server/services/personal-data.ts). A customer so named could pass for staff in
 * the back office, in a contact message or in a mail. One home for the rule: the server
 * (server/services/plain-names.ts) and the forms (registration, profile, contact) both import it.
 *
 * Words, not substrings, so "Badminton" or "Supporter" stay free; a word is compared as people read
 * it (issue 34, decision 075): its skeleton, with the invisible characters taken out
 * (Default_Ignorable_Code_Point: a soft hyphen in "Ad\u00admin", U+200B, U+2060, U+FEFF, U+180E),
 * NFKC (ＡＤＭＩＮ), any case, accents dropped (Ádmin), digits and signs for letters (4dm1n, $upport) and every
 * look-alike folded by Unicode TR39's confusables (Аdmin in Cyrillic, ɑdmin with a Latin alpha),
 * from the unhomoglyph package rather than a hand list. Letters spaced or dotted apart
 * (A d m i n, S.u.p.p.o.r.t) are one word.
 */
const STAFF_WORDS = [
  'admin', 'admins', 'administrator', 'administrators', 'sysadmin', 'superuser', 'moderator', 'moderators',
  'staff', 'support', 'helpdesk', 'system', 'official',
];
/** Labels of more than one word, compared with the spaces between words taken out. */
const STAFF_PHRASES = ['deleteduser', 'sparklecleaning', 'customerservice', 'helpdesk', 'teamsparkle'];

/** Digits and signs written for letters: not look-alikes to TR39 (it reads 1 as l), but read as letters. */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i', '|': 'i' };

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const MARKS = /\p{M}/gu;

/** The name as read: invisible characters out, NFKC, accents dropped, digits as letters. */
function asRead(name: string): string {
  const plain = name.replace(IGNORABLE, '').normalize('NFKC').normalize('NFD').replace(MARKS, '');
  return [...plain].map((char) => LEET[char] ?? char).join('');
}

/**
 * A word's skeleton (TR39: confusables folded, then NFD), without marks, in lower case. TR39 folds
 * each case on its own (I to l, Cherokee Ꭺ to A but not its small letter to a), so a word has two
 * readings: folded in lower case, and folded as typed then lowered; either may read as staff.
 */
function skeletonOf(word: string): string {
  return unhomoglyph(word.normalize('NFD')).normalize('NFD').replace(MARKS, '').toLowerCase();
}

function readingsOf(words: string[]): string[][] {
  return [words.map((word) => skeletonOf(word.toLowerCase())), words.map(skeletonOf)];
}

const STAFF_SKELETONS = new Set(STAFF_WORDS.map(skeletonOf));
const PHRASE_SKELETONS = STAFF_PHRASES.map(skeletonOf);

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
  return readingsOf(wordsOf(asRead(name))).some((skeletons) => {
    if (skeletons.some((word) => STAFF_SKELETONS.has(word))) return true;
    const joined = skeletons.join('');
    return PHRASE_SKELETONS.some((phrase) => joined.includes(phrase));
  });
}

/** The message a name that imitates staff gets, on the server (400) and in the forms alike. */
export const namesMustNotImitateStaff = (label: string) =>
  `${label} must be your own name: names like Admin, Support, Staff, Sparkle Cleaning or Deleted user are kept for the company`;
