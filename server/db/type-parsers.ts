/**
 * Both drivers answer the same JavaScript types: NUMERIC (percentages) and INT8 (count(*), running
 * sums of money) as numbers, timestamps as Date. Money is integer pence (077, decision 102): an
 * amount is int4, a sum of many is bigint, exact as a number up to 2^53 pence (£90 trillion).
 */
export const NUMERIC_OID = 1700;
export const INT8_OID = 20;

export const parseNumber = (value: string): number => Number(value);
