/**
 * Both drivers answer the same JavaScript types: NUMERIC (money) and INT8 (count(*)) as numbers,
 * timestamps as Date. Money is numeric(10,2), far inside the exact range of a double.
 */
export const NUMERIC_OID = 1700;
export const INT8_OID = 20;

export const parseNumber = (value: string): number => Number(value);
