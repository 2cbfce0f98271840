import { badRequest } from '../lib/http-error';
import { COMMON_PASSWORDS } from './common-passwords';

export const COMMON_PASSWORD = 'This password is too common, please choose a less predictable one';

/**
 * Beyond the contract's bounds (6 to 128 characters, R-VAL-1's minimum and its message kept), a new
 * password must not be one of the most common ones, whatever its case: they are the first an
 * attacker tries. Called wherever a password is chosen (register, reset, profile).
 */
export function assertAcceptablePassword(password: string): void {
  const normalised = password.normalize('NFKC').trim().toLowerCase();
  if (COMMON_PASSWORDS.has(normalised) || /^(.)\1+$/.test(normalised)) throw badRequest(COMMON_PASSWORD);
}
