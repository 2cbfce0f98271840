import { describe, expect, it } from 'vitest';
import { NOT_A_PHONE_NUMBER, NOT_A_UK_MOBILE, readableMobile, replyKeyword, ukMobile } from '../../../domain/texts/uk-mobile';

describe('ukMobile (decision 094): UK mobiles only, kept in E.164', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['0044 7700-900123', '+447700900123'],
    ['(07700) 900 123', '+447700900123'],
    ['+44 (0) 7700 900123', '+447700900123'],
    ['447700900123', '+447700900123'],
    ['07624 123456', '+447624123456'],
  ])('%s is %s', (input, e164) => {
    expect(ukMobile(input)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['020 7946 0000', NOT_A_UK_MOBILE],
    ['01632 960123', NOT_A_UK_MOBILE],
    ['0800 123 4567', NOT_A_UK_MOBILE],
    ['07012 345678', NOT_A_UK_MOBILE],
    ['07600 123456', NOT_A_UK_MOBILE],
    ['+1 212 555 0100', NOT_A_UK_MOBILE],
    ['+33 6 12 34 56 78', NOT_A_UK_MOBILE],
    ['07700 90012', NOT_A_PHONE_NUMBER],
    ['077009001234', NOT_A_PHONE_NUMBER],
    ['call me', NOT_A_PHONE_NUMBER],
    ['', NOT_A_PHONE_NUMBER],
  ])('%s is refused', (input, message) => {
    expect(ukMobile(input)).toEqual({ ok: false, message });
  });

  it('reads a number back as people write it', () => {
    expect(readableMobile('+447700900123')).toBe('+44 7700 900123');
  });
});

describe('replyKeyword: the provider’s opt-out and opt-in words', () => {
  it.each(['STOP', 'stop', ' Stop ', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'])('%s stops texts', (body) => {
    expect(replyKeyword(body)).toBe('out');
  });
  it.each(['START', 'start', 'YES', 'UNSTOP'])('%s starts them again', (body) => {
    expect(replyKeyword(body)).toBe('in');
  });
  it.each(['Please stop by at 10', 'thanks', ''])('%s is neither', (body) => {
    expect(replyKeyword(body)).toBeNull();
  });
});
