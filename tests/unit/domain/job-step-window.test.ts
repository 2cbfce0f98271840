import { describe, expect, it } from 'vitest';
import { jobStepOpen, jobStepOpensText, jobStepRefusal, jobStepWindow } from '../../../domain/jobs/job-step-window';
import { londonLocalToInstant } from '../../../domain/time/london-time';

/** A cleaner's steps are accepted from 2 h (on my way) or 1 h (check in, check out) before the start until the job's UK day ends. */
const at = (date: string, time: string) => londonLocalToInstant(date, time);
const start = at('2027-03-25', '09:00');

describe('job step window (issue 33 row 8)', () => {
  it('opens On my way 2 hours and check in/out 1 hour before the start, to the minute', () => {
    expect(jobStepOpen('on_my_way', start, at('2027-03-25', '06:59'))).toBe(false);
    expect(jobStepOpen('on_my_way', start, at('2027-03-25', '07:00'))).toBe(true);
    expect(jobStepOpen('check_in', start, at('2027-03-25', '07:59'))).toBe(false);
    expect(jobStepOpen('check_in', start, at('2027-03-25', '08:00'))).toBe(true);
    expect(jobStepOpen('check_out', start, at('2027-03-25', '07:59'))).toBe(false);
    expect(jobStepOpen('check_out', start, at('2027-03-25', '08:00'))).toBe(true);
  });

  it('refuses the issue\'s 00:36 press for a 09:00 job with a sentence naming when it opens', () => {
    expect(jobStepRefusal('on_my_way', start, at('2027-03-25', '00:36'))).toBe('Too early: On my way opens at 2027-03-25 07:00 (UK time), 2 hours before the job starts');
    expect(jobStepRefusal('check_in', start, at('2027-03-25', '00:36'))).toBe('Too early: Check in opens at 2027-03-25 08:00 (UK time), 1 hour before the job starts');
  });

  it('closes every step at the midnight (UK) that ends the job\'s day, across a clock change', () => {
    expect(jobStepOpen('check_out', start, at('2027-03-25', '23:59'))).toBe(true);
    expect(jobStepRefusal('check_out', start, at('2027-03-26', '00:00'))).toBe('Too late: this job was on 2027-03-25, and its steps are recorded on that day only');
    // 2027-03-28 is 23 hours long in London: the window ends at its own midnight, not 24 hours later.
    expect(jobStepWindow('check_in', at('2027-03-27', '20:00')).until.toISOString()).toBe('2027-03-28T00:00:00.000Z');
    expect(jobStepWindow('check_in', at('2027-03-28', '20:00')).until.toISOString()).toBe('2027-03-28T23:00:00.000Z');
  });

  it('names when a button appears, with the date when that is the day before', () => {
    expect(jobStepOpensText('check_in', start)).toBe('Check in from 08:00');
    expect(jobStepOpensText('on_my_way', at('2027-03-25', '01:00'))).toBe('On my way from 2027-03-24 23:00');
  });
});
