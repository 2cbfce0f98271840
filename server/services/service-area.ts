/**
 * Where the company works (issue 26 §4, decision 041): a postcode is served when its district (the
 * outward code, "M1" of "M1 3HE") is one staff listed. Pure: the districts come in.
 */
import { postcodeDistrict } from '../../domain/money/pricing';

/** What a quote or checkout elsewhere answers (400), in the words the booking form recognises. */
export { notCoveredMessage } from '../../domain/site/service-area-text';

/** "M1" of "m1 3he": served districts are listed by it. */
export const serviceDistrict = postcodeDistrict;
