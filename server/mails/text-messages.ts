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

/** How the order's history names each text. */
export const TEXT_KIND_NAMES = { reminder: 'reminder', on_my_way: 'on the way' } as const;
