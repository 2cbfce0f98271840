import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { availabilityMachine } from '../../../../machines/availability.machine';
import { formatMoney } from '../../../../domain/money/money';
import { earliestBookableStart } from '../../../../domain/terms/booking-notice';
import { londonDate } from '../../../../domain/time/london-time';
import { loadAvailabilityActor } from '../../../api/get-availability';
import { getQuoteOptions } from '../../../api/get-quote-options';
import { listTeams } from '../../../api/teams';
import { Alert, Button, Select, Spinner, TextField } from '../../../components/ui';
import { AvailableDate, AvailableTimes } from '../../../shared/availability/available-fields';
import { inspect } from '../../../shared/inspector';
import { useRequest } from '../../../shared/use-request';
import type { JobEditRef } from './job-edit-ref';

type Quantities = Record<number, string>;
const quantitiesOf = (choices: ReadonlyArray<{ id: number; quantity: number }>): Quantities => Object.fromEntries(choices.map((choice) => [choice.id, String(choice.quantity)]));
const choicesOf = (quantities: Quantities) =>
  Object.entries(quantities).map(([id, text]) => ({ id: Number(id), quantity: Number(text) })).filter((choice) => Number.isInteger(choice.quantity) && choice.quantity > 0);
/** The team Select's key for "any free team" (the capacity rule chooses). */
const ANY_TEAM = 'any';

/** Editing: the job's items and extras, a free day and time (the booking's pickers) and its team. */
export function JobEditForm({ actorRef }: { actorRef: JobEditRef }) {
  const job = useSelector(actorRef, (s) => s.context.job)!;
  const edit = useSelector(actorRef, (s) => s.context.edit)!;
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.matches('previewing'));
  const options = useRequest(getQuoteOptions, { auto: true, params: job.service });
  const teams = useRequest(listTeams, { auto: true });
  const [items, setItems] = useState(() => quantitiesOf(edit.items));
  const [extras, setExtras] = useState(() => quantitiesOf(edit.extras));
  const [team, setTeam] = useState<string>(edit.team_id === null ? ANY_TEAM : String(edit.team_id));
  const [date, setDate] = useState(edit.due_date);
  const [time, setTime] = useState(edit.due_time);
  const [problem, setProblem] = useState<string | null>(null);
  const [firstDay] = useState(() => londonDate(earliestBookableStart(new Date())));
  const availabilityRef = useActorRef(availabilityMachine.provide({ actors: { loadAvailability: loadAvailabilityActor } }), {
    // The job's own length and postcode, as the customer's reschedule asks (issue 36 row 1).
    input: { serviceId: job.service, firstDay, duration: job.duration_minutes, ...(job.postcode ? { postcode: job.postcode } : {}) },
    inspect,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = choicesOf(items);
    if (chosen.length === 0) return setProblem('Give a quantity for at least one item');
    if (!time) return setProblem('Choose a free time on the new day');
    setProblem(null);
    actorRef.send({ type: 'edit.change', edit: { items: chosen, extras: choicesOf(extras), due_date: date, due_time: time, team_id: team === ANY_TEAM ? null : Number(team) } });
    actorRef.send({ type: 'edit.preview' });
  };
  const quantityField = (kept: Quantities, set: (next: (before: Quantities) => Quantities) => void) => (choice: { id: number; name: string; price: number }) => (
    <TextField
      key={choice.id}
      label={`${choice.name} (${formatMoney(choice.price)} each)`}
      type="number"
      inputMode="numeric"
      value={kept[choice.id] ?? ''}
      isDisabled={busy}
      onChange={(value) => set((before) => ({ ...before, [choice.id]: value }))}
    />
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Edit the job" className="job-edit__form">
      {options.loading || teams.loading ? <Spinner label="Loading the items and teams" /> : null}
      {options.error ?? teams.error ? <Alert variant="error">{options.error ?? teams.error}</Alert> : null}
      {options.data ? (
        <fieldset className="job-edit__group">
          <legend>Items and extras</legend>
          {options.data.items.map(quantityField(items, setItems))}
          {options.data.extras.map(quantityField(extras, setExtras))}
        </fieldset>
      ) : null}
      <fieldset className="job-edit__group">
        <legend>Time (now {job.due_date} {job.due_time}, UK time)</legend>
        {/* Empty until a new day is typed or picked: the job keeps its time until then. */}
        <AvailableDate availabilityRef={availabilityRef} firstDay={firstDay} initial="" errorMessage={null} isDisabled={busy} onChange={(day) => { setDate(day); setTime(day === job.due_date ? job.due_time : ''); }} />
        <AvailableTimes availabilityRef={availabilityRef} isDisabled={busy} onChoose={setTime} />
      </fieldset>
      {teams.data ? (
        <Select
          label="Team"
          options={[{ id: ANY_TEAM, label: 'Any free team' }, ...teams.data.filter((candidate) => candidate.active).map((candidate) => ({ id: String(candidate.id), label: candidate.name }))]}
          selectedKey={team}
          isDisabled={busy}
          onSelectionChange={(key) => setTeam(String(key ?? ANY_TEAM))}
        />
      ) : null}
      {problem ?? error ? <Alert variant="error">{problem ?? error}</Alert> : null}
      <div className="job-edit__actions">
        <Button type="submit" isPending={busy}>Show the price difference</Button>
      </div>
    </form>
  );
}
