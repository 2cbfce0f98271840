/**
 * Control characters (line breaks, tabs, C0/C1), line and paragraph separators, and the invisible
 * text-direction marks and overrides (U+061C, U+200E/F, U+202A–E, U+2066–9). A name holding them can
 * forge lines in the company's mails, or read backwards (U+202E) in the back office.
 */
const UNPLAIN = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const namesMustBePlain = (label: string) => `${label} must not contain line breaks, control characters or text-direction marks`;

/** A name is plain text on one line. */
export function isPlainName(value: string): boolean {
  return !UNPLAIN.test(value);
}
