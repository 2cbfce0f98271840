import { OutwardCodeRules, PostcodeRules } from '../../openapi/rules';

/**
 * The UK postcode rules, from the contract alone (openapi/rules.ts, generated from openapi.yaml's
 * Postcode and OutwardCode schemas): a form that passes these passes the server (issue 35, decision 077).
 */
export const UK_POSTCODE = new RegExp(PostcodeRules.pattern);

/** A postcode district, the outward code ("WC2N" of "WC2N 5DU"). */
export const OUTWARD_CODE = new RegExp(OutwardCodeRules.pattern);

/** Whether the text (spaces around it ignored) is a full UK postcode, "SW1A 1AA" or "sw1a1aa". */
export const isUkPostcode = (text: string): boolean => UK_POSTCODE.test(text.trim());

/** The same postcode, however it is spaced or cased ("sw1a1aa" is "SW1A 1AA"). */
export const samePostcode = (a: string, b: string): boolean => a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();
