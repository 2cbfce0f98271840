import { formatLondon } from '../../domain/time/london-time';

/**
 * The words of the texts (decision 094): short (one or two SMS segments), no address, access notes
 * or price, and how to stop them. Times are UK time, `YYYY-MM-DD HH:mm`.
 */
const STOP_LINE = 'Reply STOP to stop texts.';

export const reminderText = (visit: { service: string; dueAt: Date | string }): string =>
  `Sparkle Cleaning: a reminder, we come for your ${visit.service} at ${formatLondon(visit.dueAt)} (UK time). Please make sure we can get in. ${STOP_LINE}`;

export const onTheWayText = (visit: { team: string; service: string; dueAt: Date | string }): string =>
  `Sparkle Cleaning: ${visit.team} is on the way for your ${visit.service} at ${formatLondon(visit.dueAt)} (UK time). ${STOP_LINE}`;

/** To a cleaner who opted in, the evening before: the team's first job (no address: /my-jobs has it on the day). */
export const firstJobText = (visit: { service: string; dueAt: Date | string }): string =>
  `Sparkle Cleaning: your team's first job tomorrow is ${visit.service} at ${formatLondon(visit.dueAt)} (UK time). Details in My jobs. ${STOP_LINE}`;

/** How the order's history names each text. */
export const TEXT_KIND_NAMES = { reminder: 'reminder', on_my_way: 'on the way', first_job: "first job to the team's cleaner" } as const;
