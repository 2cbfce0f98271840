/**
 * What a quote or checkout outside the districts served says (decision 041), shared by the server
 * (its 400) and the booking form (which shows it beside the postcode, with the waiting list).
 */
export function notCoveredMessage(district: string): string {
  return `We don't cover ${district} yet`;
}

/** The district a "We don't cover M1 yet" names; null for any other message. */
export function notCoveredDistrict(message: string | null): string | null {
  return /^We don't cover ([A-Z0-9]+) yet$/.exec(message ?? '')?.[1] ?? null;
}
