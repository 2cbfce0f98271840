import type { ServiceChecklist } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, notFound } from '../lib/http-error';
import { cleanerJobsRepository } from '../repositories/cleaner-jobs';
import { editableRulesRepository } from '../repositories/editable-rules';
import { DEFAULT_CHECKLIST } from './cleaner-jobs';
import { audited } from './settings-audit';

export const CHECKLIST_ITEM_TWICE = 'Each checklist item can be listed once';
export const CHECKLIST_ITEM_EMPTY = 'A checklist item cannot be empty';

/** How the audit shows a list: its items in order, one line. */
const shown = (items: readonly string[]) => items.join('; ');

/** Every service's checklist as its cleaners see it (the default list where staff wrote none). */
export async function listServiceChecklists(db: Database): Promise<ServiceChecklist[]> {
  const services = await editableRulesRepository(db).services();
  const lists = await cleanerJobsRepository(db).checklists(services.map((service) => Number(service.id)));
  return services.map((service) => {
    const own = lists.get(Number(service.id));
    return { id: Number(service.id), name: service.name, items: own ?? [...DEFAULT_CHECKLIST], custom: own !== undefined };
  });
}

/**
 * Staff replace a service's checklist (decision 050), audited like a price. The service's row is
 * locked first, so two staff saving at once apply one after the other, each audited from the list
 * the other left. The next check-out reads the new list (cleaner-jobs.ts); one recorded keeps its ticks.
 */
export function updateServiceChecklist(db: Database, admin: AuthUser, id: number, input: readonly string[], now: Date): Promise<ServiceChecklist> {
  const items = input.map((label) => label.trim());
  if (items.some((label) => label === '')) throw badRequest(CHECKLIST_ITEM_EMPTY);
  if (new Set(items.map((label) => label.toLowerCase())).size !== items.length) throw badRequest(CHECKLIST_ITEM_TWICE);
  return audited(db, admin, now, async (tx) => {
    const service = await editableRulesRepository(tx).service(id, true);
    if (!service) throw notFound('Service not found');
    const jobs = cleanerJobsRepository(tx);
    const before = (await jobs.checklists([id])).get(id) ?? DEFAULT_CHECKLIST;
    await jobs.replaceChecklist(id, items);
    return {
      result: { id, name: service.name, items, custom: true },
      change: { rule: 'service_checklist', subject: service.name, from: shown(before), to: shown(items) },
    };
  });
}
