/**
 * A series' visit that its saved card pays is charged off session from 48 hours before it (decision
 * 038): the hourly job charges it then, and My orders tells the customer when (decision 087).
 */
export const CHARGE_AHEAD_MS = 48 * 60 * 60 * 1000;
