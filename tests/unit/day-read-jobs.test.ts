import { expect, it } from 'vitest';
import { capacityOf, type DayRead } from '../../server/repositories/availability-repository';

/**
 * The day read's jobs are filed under their UK date. A read covers its days and an hour either side,
 * so a summer job at 00:30 (23:30 UTC the day before) and one at 23:30 the evening before share a
 * UTC date and not a UK one; each start hour's date is worked out once a read (decision 131).
 */
const row = (jobs: string[]): DayRead => ({
  roster: null, teams: '[[1, "Team A"]]', team_hours: null, time_off: '[]', opening: '[]', closures: '[]', travel: null, jobs: jobs.join('\n'),
});
const at = (iso: string) => Date.parse(iso) / 1000;

it('files each job under its UK date, around midnight in summer time, whichever comes first', () => {
  const evening = `7 1 ${at('2030-06-13T22:30:00Z')} 60 SE22 8AB`; // 23:30 BST on the 13th
  const night = `8 1 ${at('2030-06-13T23:30:00Z')} 60 NW1 6XE`; // 00:30 BST on the 14th
  for (const jobs of [[evening, night], [night, evening]]) {
    const data = capacityOf(row(jobs), '2030-06-14', '2030-06-14', null);
    expect(data.jobsByDay.get('2030-06-14')?.map((job) => [job.orderId, job.area])).toEqual([[8, 'NW']]);
    expect(data.jobsByDay.get('2030-06-13')?.map((job) => [job.orderId, job.area])).toEqual([[7, 'SE']]);
  }
});
