import { useState } from 'react';
import { createTeam, updateTeam } from '../../../api/teams';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Checkbox, Dialog, Modal, TextField } from '../../../components/ui';
import { DEFAULT_WEEK, TIME_PATTERN, WEEK } from './team-hours';
import type { AdminTeam, TeamDay, TeamInput } from '../../../../openapi/schema';

/** Adding (team null) or editing a team: its name, whether it is active, and its working days and hours. */
export function TeamDialog({ open, team, onClose, onSaved }: { open: boolean; team: AdminTeam | null; onClose: () => void; onSaved: (team: AdminTeam) => void }) {
  return (
    <Modal isOpen={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {open ? (
        <Dialog title={team ? `Edit ${team.name}` : 'Add a team'}>
          <TeamForm key={team?.id ?? 'new'} team={team} onClose={onClose} onSaved={onSaved} />
        </Dialog>
      ) : null}
    </Modal>
  );
}

function TeamForm({ team, onClose, onSaved }: { team: AdminTeam | null; onClose: () => void; onSaved: (team: AdminTeam) => void }) {
  const [name, setName] = useState(team?.name ?? '');
  const [active, setActive] = useState(team?.active ?? true);
  const [hours, setHours] = useState<TeamDay[]>(team?.hours ?? DEFAULT_WEEK);
  const [checked, setChecked] = useState(false);
  const saving = useRequest(async (input: TeamInput) => {
    const saved = team ? await updateTeam({ id: team.id, ...input }) : await createTeam(input);
    onSaved(saved);
    return saved;
  });
  const dayOf = (weekday: number) => hours.find((hour) => hour.weekday === weekday)!;
  const change = (weekday: number, patch: Partial<TeamDay>) => setHours((before) => before.map((hour) => (hour.weekday === weekday ? { ...hour, ...patch } : hour)));
  const nameError = checked && !name.trim() ? 'Give the team a name' : null;
  const timeError = (value: string) => (checked && !TIME_PATTERN.test(value) ? 'Use HH:mm, e.g. 08:00' : null);
  const valid = name.trim() !== '' && hours.every((hour) => TIME_PATTERN.test(hour.opens) && TIME_PATTERN.test(hour.closes));

  return (
    <form
      noValidate
      className="team-form"
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (valid) saving.send({ name: name.trim(), active, hours });
      }}
    >
      <TextField label="Team name" isRequired maxLength={60} autoFocus value={name} onChange={setName} errorMessage={nameError} isDisabled={saving.loading} />
      <Checkbox isSelected={active} onChange={setActive} isDisabled={saving.loading}>
        Active (counts in the customers&apos; free times)
      </Checkbox>
      <fieldset className="team-form__week">
        <legend>Working days and hours (UK time)</legend>
        {WEEK.map(({ weekday, name: dayName }) => {
          const day = dayOf(weekday);
          return (
            <div key={weekday} className="team-form__day">
              <Checkbox isSelected={day.works} onChange={(works) => change(weekday, { works })} isDisabled={saving.loading}>
                Works on {dayName}
              </Checkbox>
              <TextField label={`${dayName} from`} value={day.opens} onChange={(opens) => change(weekday, { opens })} errorMessage={timeError(day.opens)} isDisabled={saving.loading || !day.works} maxLength={5} />
              <TextField label={`${dayName} to`} value={day.closes} onChange={(closes) => change(weekday, { closes })} errorMessage={timeError(day.closes)} isDisabled={saving.loading || !day.works} maxLength={5} />
            </div>
          );
        })}
      </fieldset>
      {saving.error ? <Alert variant="error">{saving.error}</Alert> : null}
      <div className="team-form__actions">
        <Button variant="secondary" onPress={onClose} isDisabled={saving.loading}>
          Cancel
        </Button>
        <Button type="submit" isPending={saving.loading}>
          Save team
        </Button>
      </div>
    </form>
  );
}
