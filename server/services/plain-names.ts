import { imitatesStaff, namesMustNotImitateStaff } from '../../domain/names/staff-names';
import { isPlainName, namesMustBePlain } from '../../domain/names/plain-names';
import { badRequest } from '../lib/http-error';

/** Refuses (400) a name that is not plain text on one line (domain/names/plain-names.ts). */
export function assertPlainName(label: string, value: string): void {
  if (!isPlainName(value)) throw badRequest(namesMustBePlain(label));
}

/**
 * Refuses (400) a name that reads like staff or a system label (domain/names/staff-names.ts, the
 * rule the forms use too). For names a customer chooses for themselves: registration, their profile
 * and the contact form; staff name themselves and their teams as they see fit.
 */
export function assertOwnName(label: string, value: string): void {
  if (imitatesStaff(value)) throw badRequest(namesMustNotImitateStaff(label));
}
