import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { closureMachine } from '../../../../machines/closure.machine';
import { timeOffActors } from '../../../api/closure-actors';
import { Button, DateField, Dialog, Modal, TextField } from '../../../components/ui';
import { dayInWords } from '../../../../domain/time/london-days';
import { inspect } from '../../../shared/inspector';
import { DaysOffDialog } from '../closures/days-off-dialog';
import type { AdminTeam } from '../../../../openapi/schema';

/**
 * Marks a team off for whole UK days (decision 057): the days are typed here, then the closure
 * machine's dialog lists the team's visits then and where each goes (another team free then, or its
 * customer mailed a link) before Confirm. The team leaves the customers' free times at once.
 */
export function TimeOffDialog({ team, onClose, onSaved }: { team: AdminTeam | null; onClose: () => void; onSaved: (team: AdminTeam) => void }) {
  return team ? <TimeOffFlow key={team.id} team={team} onClose={onClose} onSaved={onSaved} /> : null;
}

function TimeOffFlow({ team, onClose, onSaved }: { team: AdminTeam; onClose: () => void; onSaved: (team: AdminTeam) => void }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  // The machine's actions are made once: they reach the latest callbacks through a ref.
  const callbacks = useRef({ onClose, onSaved });
  callbacks.current = { onClose, onSaved };
  const actorRef = useActorRef(
    closureMachine.provide({
      actors: timeOffActors(team.id),
      actions: { reload: () => callbacks.current.onSaved(team), finish: () => callbacks.current.onClose() },
    }),
    { inspect },
  );
  const choosing = useSelector(actorRef, (s) => s.matches('choosing'));
  const days = useSelector(actorRef, (s) => s.context.days);
  const dateError = (value: string) => (checked && !dayInWords(value) ? 'Enter the whole date, day, month and year, e.g. 24/12/2026' : null);
  const span = days.to && days.to !== days.from ? `from ${days.from} to ${days.to}` : `on ${days.from}`;
  return (
    <>
      <Modal isOpen={choosing} onOpenChange={(isOpen) => !isOpen && onClose()}>
        <Dialog title={`Time off for ${team.name}`}>
          <form
            noValidate
            className="team-form"
            onSubmit={(event) => {
              event.preventDefault();
              setChecked(true);
              actorRef.send({ type: 'days.review', days: { from, to: to || from, reason } });
            }}
          >
            <DateField label="First day off" description="dd/mm/yyyy, a UK date" isRequired autoFocus value={from} onChange={setFrom} errorMessage={dateError(from)} />
            <DateField label="Last day off" description="dd/mm/yyyy; empty for one day" value={to} onChange={setTo} errorMessage={to ? dateError(to) : null} />
            <TextField label="Reason (optional)" maxLength={200} value={reason} onChange={setReason} />
            <div className="team-form__actions">
              <Button variant="secondary" onPress={onClose}>
                Cancel
              </Button>
              <Button type="submit">Add time off</Button>
            </div>
          </form>
        </Dialog>
      </Modal>
      <DaysOffDialog
        actorRef={actorRef}
        wording={{ title: `Give ${team.name} time off ${span}?`, confirm: 'Give the time off', done: `Time off added for ${team.name}.` }}
      />
    </>
  );
}
