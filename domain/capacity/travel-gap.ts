/**
 * The travel gap between two jobs of one team (issue 26 §3, decision 041): a team needs time to
 * get from one address to the next, more when the next one is in another postcode area ("SW" to
 * "E") than within one ("SW1" to "SW11"). Pure: the minutes come from the settings the back office
 * edits, the postcodes from the jobs.
 */

export interface TravelMinutes {
  /** Between two jobs in the same postcode area. */
  sameArea: number;
  /** Between postcode areas, or when either postcode is not known yet. */
  otherArea: number;
}

export const DEFAULT_TRAVEL: TravelMinutes = { sameArea: 30, otherArea: 60 };

/** "SW" of "sw1a 2aa", "E" of "E14 5AB": the postcode area, the letters before the first digit; null when there is none. */
export function postcodeArea(postcode: string | null | undefined): string | null {
  const match = /^\s*([A-Za-z]{1,2})[0-9]/.exec(postcode ?? '');
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * Minutes a team needs between a job at `from` and one at `to` (either order: the road is the same
 * both ways). An unknown postcode (a time asked for before the address is typed) counts as another
 * area, so no time is offered that the checkout, knowing the address, would refuse.
 */
export function travelGap(travel: TravelMinutes, from: string | null, to: string | null): number {
  return from !== null && from === to ? travel.sameArea : travel.otherArea;
}
