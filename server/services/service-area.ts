/**
 * Where the company works (issue 26 §4, decision 041): a postcode is served when its district (the
 * outward code, "M1" of "M1 3HE") is one staff listed. Pure: the districts come in.
 */
import { postcodeDistrict } from './pricing';

/** What a quote or checkout elsewhere answers (400), shown beside the postcode field. */
export function notCoveredMessage(district: string): string {
  return `We don't cover ${district} yet`;
}

/** "M1" of "m1 3he": served districts are listed by it. */
export const serviceDistrict = postcodeDistrict;
