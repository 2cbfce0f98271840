import { useRef, useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Text, useDrag } from 'react-aria-components';
import { moveJob } from '../../../api/schedule';
import { ApiError } from '../../../api/errors';
import { paths } from '../../../shared/paths';
import { Alert, Button, Dialog, Modal, TextLink } from '../../../components/ui';
import { DateField } from '../../../components/ui/date-field';
import { BookingTimeField } from '../../../components/ui/date-time-fields';
import { visitWords } from '../../../lib/job-visit';
import { formatLondon, londonClock, londonDate } from '../../../../domain/time/london-time';
import { StatusBadge } from '../shared/status-badge';
import { orderStatusTone } from '../../../../domain/orders/status-labels';
import { COMPLETED_STATUS } from '../../../../domain/orders/order-statuses';
import { durationLabel, timeSpan, type Lane } from './schedule-view';
import type { ScheduleJob } from '../../../../openapi/schema';
import { orderNumberShown } from '../../../../domain/orders/order-reference';

/** What dragging a card carries: the job and its current team, read back by the lane it is dropped on. */
export const JOB_DRAG_TYPE = 'application/x-sparkle-job';
const UNASSIGNED_KEY = 'unassigned';

/** This card's part of the assignment machine's state, when the selected job is this one. */
export type CardAssignment = { state: 'selected' | 'saving' | 'conflict' | 'failed'; error: string | null } | null;

export interface JobCardProps {
  job: ScheduleJob;
  lanes: readonly Lane[];
  /** Adds the job's UK date to its time (the week view). */
  showDay?: boolean;
  assignment: CardAssignment;
  busy: boolean;
  onSelect: () => void;
  onChoose: (team: number | null) => void;
  onCancel: () => void;
  onRetry: () => void;
  onMoved: (job: ScheduleJob) => void;
}

/**
 * One job on the board: UK time and duration, customer, postcode, service, the customer's staff
 * notes and status. "Assign"
 * opens the menu of lanes (opening it selects the card; choosing a lane assigns, its current lane changes nothing, Escape leaves it),
 * the card itself can be dragged onto a lane, and "Move" changes its UK date and time.
 */
export function JobCard({ job, lanes, showDay, assignment, busy, onSelect, onChoose, onCancel, onRetry, onMoved }: JobCardProps) {
  const [moving, setMoving] = useState(false);
  // Closing the menu without choosing leaves the selection; closing it because a lane was chosen does not.
  const chose = useRef(false);
  const { dragProps, isDragging } = useDrag({
    getItems: () => [{ [JOB_DRAG_TYPE]: JSON.stringify({ id: job.id, teamId: job.team_id }), 'text/plain': `Order ${orderNumberShown(job)}` }],
  });
  const current = job.team_id === null ? UNASSIGNED_KEY : String(job.team_id);
  const classes = ['job-card', assignment ? 'job-card--selected' : '', isDragging ? 'job-card--dragging' : ''].filter(Boolean).join(' ');

  return (
    <li className={classes} {...dragProps} draggable={!busy}>
      <p className="job-card__time">
        <time dateTime={job.start}>{showDay ? `${londonDate(job.start)} ` : ''}{timeSpan(job)}</time>
        <span className="job-card__duration">{durationLabel(job.duration_minutes)}</span>
      </p>
      <p className="job-card__customer">{job.customer}</p>
      <p className="job-card__meta">
        <span>{job.postcode ?? 'No postcode'}</span> · <span>{job.service}</span>
      </p>
      {visitWords(job.visit) ? <p className="job-card__visit">{visitWords(job.visit)}</p> : null}
      {job.staff_notes.length ? (
        // The customer's private staff notes (issue 15): what the team must know before going.
        <ul className="job-card__staff-notes" aria-label={`Staff notes on ${job.customer}`}>
          {job.staff_notes.map((note, index) => <li key={index}>{note}</li>)}
        </ul>
      ) : null}
      <p className="job-card__meta">
        <StatusBadge status={job.status} tone={orderStatusTone(job.status)} />{' '}
        <TextLink href={paths.admin.order(job.id)}>Order {orderNumberShown(job)}</TextLink>
      </p>
      <div className="job-card__actions">
        <MenuTrigger
          onOpenChange={(open) => {
            if (open) {
              chose.current = false;
              onSelect();
            } else if (!chose.current) {
              onCancel();
            }
          }}
        >
          <Button size="sm" variant="secondary" aria-label={`Assign order ${orderNumberShown(job)}`} isDisabled={busy}>
            Assign <span aria-hidden="true">▾</span>
          </Button>
          <Popover className="job-card__popover" placement="bottom start">
            <Menu
              className="job-card__menu"
              onAction={(key) => {
                chose.current = true;
                onChoose(key === UNASSIGNED_KEY ? null : Number(key));
              }}
            >
              {lanes.map((lane) => {
                const key = lane.teamId === null ? UNASSIGNED_KEY : String(lane.teamId);
                return (
                  <MenuItem key={key} id={key} textValue={lane.name} className="job-card__menu-item">
                    <Text slot="label">{lane.name}</Text>
                    {key === current ? <Text slot="description" className="job-card__current"> (current)</Text> : null}
                  </MenuItem>
                );
              })}
            </Menu>
          </Popover>
        </MenuTrigger>
        <Button size="sm" variant="ghost" aria-label={`Move order ${orderNumberShown(job)}`} isDisabled={busy || job.status === COMPLETED_STATUS} onPress={() => setMoving(true)}>
          Move
        </Button>
      </div>
      {assignment?.state === 'saving' ? <p className="job-card__note">Saving…</p> : null}
      {assignment?.state === 'conflict' ? (
        <p role="alert" className="job-card__error">
          {assignment.error}{' '}
          <Button size="sm" variant="ghost" aria-label={`Dismiss the message of order ${orderNumberShown(job)}`} onPress={onCancel}>Dismiss</Button>
        </p>
      ) : null}
      {assignment?.state === 'failed' ? (
        <p role="alert" className="job-card__error">
          {assignment.error}{' '}
          <Button size="sm" variant="secondary" aria-label={`Retry assigning order ${orderNumberShown(job)}`} onPress={onRetry}>Retry</Button>{' '}
          <Button size="sm" variant="ghost" aria-label={`Dismiss the message of order ${orderNumberShown(job)}`} onPress={onCancel}>Dismiss</Button>
        </p>
      ) : null}
      <Modal isOpen={moving} onOpenChange={setMoving}>
        <MoveDialog job={job} onMoved={(moved) => { setMoving(false); onMoved(moved); }} />
      </Modal>
    </li>
  );
}

/** A new UK date and time for the job: no fee, the customers' rules (the server says which one refused). */
function MoveDialog({ job, onMoved }: { job: ScheduleJob; onMoved: (job: ScheduleJob) => void }) {
  const [dueDate, setDueDate] = useState(londonDate(job.start));
  const [dueTime, setDueTime] = useState(londonClock(job.start));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      onMoved(await moveJob({ id: job.id, due_date: dueDate, due_time: dueTime }));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Network Error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog title={`Move order ${orderNumberShown(job)}`}>
      {({ close }) => (
        <form
          className="move-dialog"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <p>{job.customer}, {job.service}: now {formatLondon(job.start)} (UK time). Moving is free of charge.</p>
          {/* The booking form's en-GB fields (dd/mm/yyyy, 24-hour), not the browser's own boxes, which follow its language. */}
          <div className="field-row">
            <DateField label="New date (UK)" description="dd/mm/yyyy, UK date" isRequired isDisabled={saving} initialValue={dueDate} onChange={setDueDate} />
            <BookingTimeField label="New time (UK)" description="UK time, 24-hour clock" errorMessage={null} isDisabled={saving} initialValue={dueTime} onChange={setDueTime} />
          </div>
          {error ? <Alert variant="error">{error}</Alert> : null}
          <div className="dialog__actions">
            <Button variant="secondary" onPress={close}>Keep the time</Button>
            <Button type="submit" isDisabled={saving}>{saving ? 'Moving…' : 'Move the job'}</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
