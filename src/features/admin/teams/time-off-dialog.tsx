import { useState } from 'react';
import { addTimeOff } from '../../../api/teams';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Dialog, Modal, TextField } from '../../../components/ui';
import { DATE_PATTERN } from './team-hours';
import type { AdminTeam, NewTimeOff } from '../../../../openapi/schema';

/** Marks a team off for whole UK days: it leaves the customers' free times on those days at once. */
export function TimeOffDialog({ team, onClose, onSaved }: { team: AdminTeam | null; onClose: () => void; onSaved: (team: AdminTeam) => void }) {
  return (
    <Modal isOpen={team !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {team ? (
        <Dialog title={`Time off for ${team.name}`}>
          <TimeOffForm key={team.id} team={team} onClose={onClose} onSaved={onSaved} />
        </Dialog>
      ) : null}
    </Modal>
  );
}

function TimeOffForm({ team, onClose, onSaved }: { team: AdminTeam; onClose: () => void; onSaved: (team: AdminTeam) => void }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const saving = useRequest(async (off: NewTimeOff) => {
    const saved = await addTimeOff({ id: team.id, ...off });
    onSaved(saved);
    return saved;
  });
  const dateError = (value: string) => (checked && !DATE_PATTERN.test(value) ? 'Use YYYY-MM-DD, e.g. 2026-12-24' : null);
  return (
    <form
      noValidate
      className="team-form"
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        const last = to || from;
        if (DATE_PATTERN.test(from) && DATE_PATTERN.test(last)) saving.send({ starts_on: from, ends_on: last, reason: reason.trim() });
      }}
    >
      <TextField label="First day off" description="YYYY-MM-DD, a UK date" isRequired autoFocus maxLength={10} value={from} onChange={setFrom} errorMessage={dateError(from)} isDisabled={saving.loading} />
      <TextField label="Last day off" description="YYYY-MM-DD; empty for one day" maxLength={10} value={to} onChange={setTo} errorMessage={to ? dateError(to) : null} isDisabled={saving.loading} />
      <TextField label="Reason (optional)" maxLength={200} value={reason} onChange={setReason} isDisabled={saving.loading} />
      {saving.error ? <Alert variant="error">{saving.error}</Alert> : null}
      <div className="team-form__actions">
        <Button variant="secondary" onPress={onClose} isDisabled={saving.loading}>
          Cancel
        </Button>
        <Button type="submit" isPending={saving.loading}>
          Add time off
        </Button>
      </div>
    </form>
  );
}
