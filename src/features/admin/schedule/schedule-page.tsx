import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useSearchParams } from 'react-router-dom';
import { scheduleAssignmentMachine } from '../../../../machines/schedule-assignment.machine';
import { assignJobActor, getSchedule } from '../../../api/schedule';
import { inspect } from '../../../shared/inspector';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Page, Spinner } from '../../../components/ui';
import { formatLondon, londonDate } from '../../../../domain/time/london-time';
import { DayWaitlist } from './day-waitlist';
import { ScheduleBoard } from './schedule-board';
import { addDays, isDay, lanesOf, longDay, rangeOf, type BoardView } from './schedule-view';
import './schedule.css';
import type { ScheduleJob } from '../../../../openapi/schema';
import { orderNumberShown } from '../../../../domain/orders/order-reference';

const BOARD_REFRESH_MS = 30_000;

/**
 * Issue 15 section 1, /schedule: the day's or week's jobs in one lane per team plus Unassigned, in UK
 * time whatever the browser's zone. The view and day live in the URL (?view=week&day=2026-11-30), so a
 * board can be bookmarked. Assigning is the schedule-assignment machine (menu or drag); a move saves
 * from the card's dialog. Either way the board reloads from the server.
 */
export function SchedulePage() {
  const [search, setSearch] = useSearchParams();
  const view: BoardView = search.get('view') === 'week' ? 'week' : 'day';
  const today = londonDate(new Date());
  const day = isDay(search.get('day')) ? search.get('day')! : today;
  const range = rangeOf(view, day);
  const schedule = useRequest(getSchedule, { auto: true, params: range });
  const [announcement, setAnnouncement] = useState('');
  // Saved answers shown at once, until the reloaded board has them too.
  const [saved, setSaved] = useState<ReadonlyMap<number, ScheduleJob>>(new Map());
  useEffect(() => setSaved(new Map()), [schedule.data]);

  const lanes = useMemo(() => (schedule.data ? lanesOf(schedule.data) : []), [schedule.data]);
  const laneName = useRef((teamId: number | null) => lanes.find((lane) => lane.teamId === teamId)?.name ?? 'Unassigned');
  laneName.current = (teamId) => lanes.find((lane) => lane.teamId === teamId)?.name ?? 'Unassigned';
  const reload = useRef(schedule.retry);
  reload.current = schedule.retry;
  // The teams' check-ins and check-outs arrive on their own (decision 040): the board reads itself
  // again every half minute, like a person pressing reload.
  useEffect(() => {
    const timer = window.setInterval(() => reload.current(), BOARD_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const jobSaved = useCallback((job: ScheduleJob) => setSaved((before) => new Map(before).set(job.id, job)), []);
  const assignment = useActorRef(
    scheduleAssignmentMachine.provide({
      actors: { assignJob: assignJobActor },
      actions: {
        jobAssigned: (_, job) => {
          jobSaved(job);
          setAnnouncement(`Order ${orderNumberShown(job)} assigned to ${laneName.current(job.team_id)}`);
          reload.current();
        },
        announce: (_, message) => setAnnouncement(message),
        reloadBoard: () => reload.current(),
      },
    }),
    { inspect },
  );
  const selection = useSelector(assignment, (s) => ({
    jobId: s.context.job?.id ?? null,
    state: s.value as 'idle' | 'selected' | 'saving' | 'conflict' | 'failed' | 'assigned',
    error: s.context.error,
  }), (a, b) => a.jobId === b.jobId && a.state === b.state && a.error === b.error);

  const jobs = useMemo(
    () => (schedule.data?.jobs ?? []).map((job) => saved.get(job.id) ?? job),
    [schedule.data, saved],
  );

  const go = (next: { view?: BoardView; day?: string }) => {
    const params = new URLSearchParams(search);
    params.set('view', next.view ?? view);
    params.set('day', next.day ?? day);
    setSearch(params);
  };
  const step = view === 'week' ? 7 : 1;
  const unit = view === 'week' ? 'week' : 'day';
  const heading = view === 'week' ? `Week of ${longDay(range.from)}` : longDay(day);

  return (
    <Page title="Schedule" width="full">
      <div className="schedule__toolbar">
        <ToggleButtonGroup
          aria-label="View"
          className="schedule__views"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[view]}
          onSelectionChange={(keys) => go({ view: [...keys][0] as BoardView })}
        >
          <ToggleButton id="day" className="schedule__view">Day</ToggleButton>
          <ToggleButton id="week" className="schedule__view">Week</ToggleButton>
        </ToggleButtonGroup>
        <div className="schedule__nav">
          <Button size="sm" variant="secondary" aria-label={`Previous ${unit}`} onPress={() => go({ day: addDays(day, -step) })}>
            <span aria-hidden="true">←</span> Previous
          </Button>
          <Button size="sm" variant="secondary" onPress={() => go({ day: today })}>Today</Button>
          <Button size="sm" variant="secondary" aria-label={`Next ${unit}`} onPress={() => go({ day: addDays(day, step) })}>
            Next <span aria-hidden="true">→</span>
          </Button>
        </div>
      </div>
      <h2 className="schedule__range">{heading}</h2>
      <p className="schedule__hint">
        Times are UK time. Choose <strong>Assign</strong> on a job to give it to a team, or drag its card onto a lane.
      </p>
      <p role="status" className="schedule__status">{announcement}</p>
      {schedule.loading && !schedule.data ? <Spinner label="Loading the schedule" /> : null}
      {schedule.error ? (
        <Alert variant="error" className="load-error">
          {schedule.error} <Button size="sm" variant="secondary" onPress={schedule.retry}>Try again</Button>
        </Alert>
      ) : null}
      {schedule.data ? (
        <ScheduleBoard
          view={view}
          from={range.from}
          days={range.days}
          lanes={lanes}
          jobs={jobs}
          selection={selection}
          send={assignment.send}
          onMoved={(job) => {
            jobSaved(job);
            setAnnouncement(`Order ${orderNumberShown(job)} moved to ${formatLondon(job.start)} (UK time)`);
            reload.current();
          }}
        />
      ) : null}
      {/* A new day, a new read (the key). */}
      {view === 'day' ? <DayWaitlist key={day} day={day} /> : null}
    </Page>
  );
}
