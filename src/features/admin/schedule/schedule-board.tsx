import { memo, useMemo, useRef, useState } from 'react';
import { isTextDropItem, useDrop } from 'react-aria-components';
import type { ScheduleAssignmentEvent } from '../../../../machines/schedule-assignment.machine';
import { Button } from '../../../components/ui';
import { JOB_DRAG_TYPE, JobCard, type CardAssignment } from './job-card';
import { CARDS_SHOWN, cellKey, daysOf, groupJobs, shortDay, type BoardView, type Lane } from './schedule-view';
import type { ScheduleJob } from '../../../../openapi/schema';

export interface Selection {
  jobId: number | null;
  state: 'idle' | 'selected' | 'saving' | 'conflict' | 'failed' | 'assigned';
  error: string | null;
}

interface BoardProps {
  view: BoardView;
  from: string;
  days: number;
  lanes: readonly Lane[];
  jobs: readonly ScheduleJob[];
  selection: Selection;
  send: (event: ScheduleAssignmentEvent) => void;
  onMoved: (job: ScheduleJob) => void;
}

/**
 * The lanes: in the day view one column per lane; in the week view one row per lane with a cell per
 * day. Each lane is a region with a heading, so a screen reader can jump from lane to lane, and a
 * drop target for dragged cards (the menu on each card does the same by keyboard).
 */
export function ScheduleBoard({ view, from, days, lanes, jobs, selection, send, onMoved }: BoardProps) {
  const dayList = useMemo(() => daysOf(from, days), [from, days]);
  const cells = useMemo(() => groupJobs(jobs), [jobs]);
  const busy = selection.state === 'saving';
  return (
    <div className={`schedule-board schedule-board--${view}`}>
      {lanes.map((lane) => {
        const count = dayList.reduce((sum, day) => sum + (cells.get(cellKey(lane.teamId, day))?.length ?? 0), 0);
        const headingId = `lane-${lane.teamId ?? 'unassigned'}`;
        return (
          <section key={headingId} className="schedule-lane" aria-labelledby={headingId}>
            <h3 id={headingId} className="schedule-lane__name">
              {lane.name} <span className="schedule-lane__count">({count} {count === 1 ? 'job' : 'jobs'})</span>
            </h3>
            <div className="schedule-lane__days">
              {dayList.map((day) => (
                <LaneCell
                  key={day}
                  lane={lane}
                  lanes={lanes}
                  day={day}
                  showDayHeading={view === 'week'}
                  limit={CARDS_SHOWN[view]}
                  jobs={cells.get(cellKey(lane.teamId, day)) ?? EMPTY}
                  selection={selection}
                  busy={busy}
                  send={send}
                  onMoved={onMoved}
                />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

const EMPTY: ScheduleJob[] = [];


interface CellProps {
  lane: Lane;
  lanes: readonly Lane[];
  day: string;
  showDayHeading: boolean;
  limit: number;
  jobs: readonly ScheduleJob[];
  selection: Selection;
  busy: boolean;
  send: (event: ScheduleAssignmentEvent) => void;
  onMoved: (job: ScheduleJob) => void;
}

/** One lane's jobs on one day; a dropped card is selected and given this lane's team, as the menu would. */
const LaneCell = memo(function LaneCell({ lane, lanes, day, showDayHeading, limit, jobs, selection, busy, send, onMoved }: CellProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? jobs : jobs.slice(0, limit);
  const where = `${lane.name}${showDayHeading ? `, ${shortDay(day)}` : ''}`;
  const { dropProps, isDropTarget } = useDrop({
    ref,
    getDropOperation: (types) => (types.has(JOB_DRAG_TYPE) && !busy ? 'move' : 'cancel'),
    async onDrop(event) {
      for (const item of event.items) {
        if (!isTextDropItem(item) || !item.types.has(JOB_DRAG_TYPE)) continue;
        const dragged = JSON.parse(await item.getText(JOB_DRAG_TYPE)) as { id: number; teamId: number | null };
        send({ type: 'job.select', job: dragged });
        send({ type: 'team.choose', team: lane.teamId });
      }
    },
  });
  return (
    <div ref={ref} {...dropProps} className={isDropTarget ? 'schedule-cell schedule-cell--target' : 'schedule-cell'}>
      {showDayHeading ? <h4 className="schedule-cell__day">{shortDay(day)}</h4> : null}
      {jobs.length === 0 ? (
        <p className="schedule-cell__empty">No jobs</p>
      ) : (
        <ul className="schedule-cell__jobs" aria-label={where}>
          {shown.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              lanes={lanes}
              assignment={cardAssignment(selection, job.id)}
              busy={busy}
              onSelect={() => send({ type: 'job.select', job: { id: job.id, teamId: job.team_id } })}
              onChoose={(team) => send({ type: 'team.choose', team })}
              onCancel={() => send({ type: 'assignment.cancel' })}
              onRetry={() => send({ type: 'assignment.retry' })}
              onMoved={onMoved}
            />
          ))}
        </ul>
      )}
      {jobs.length > shown.length ? (
        <Button size="sm" variant="ghost" className="schedule-cell__more" aria-label={`Show ${jobs.length - shown.length} more jobs of ${where}`} onPress={() => setShowAll(true)}>
          Show {jobs.length - shown.length} more
        </Button>
      ) : null}
    </div>
  );
});

function cardAssignment(selection: Selection, jobId: number): CardAssignment {
  if (selection.jobId !== jobId || selection.state === 'idle' || selection.state === 'assigned') return null;
  return { state: selection.state, error: selection.error };
}
