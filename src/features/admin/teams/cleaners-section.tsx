import { useState } from 'react';
import { createCleaner, listCleaners, moveCleaner } from '../../../api/cleaners';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Select, Spinner, TextField } from '../../../components/ui';
import type { AdminTeam, Cleaner, NewCleaner } from '../../../../openapi/schema';
import { RemoveCleanerDialog } from './remove-cleaner-dialog';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Cleaners on /teams (decision 040): staff add a cleaner to a team; the server mails them a link to
 * choose their password, after which they sign in and land on /my-jobs. Each row's Team moves the
 * cleaner at once, and Remove (after asking) ends their account (decision 058).
 */
export function CleanersSection({ teams }: { teams: AdminTeam[] }) {
  const cleaners = useRequest(listCleaners, { auto: true });
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<Cleaner | null>(null);
  const active = teams.filter((team) => team.active);
  const moving = useRequest(async (move: { id: number; team: number }) => {
    const moved = await moveCleaner(move);
    setAnnouncement(`${moved.name} moved to ${moved.team ?? 'no team'}`);
    cleaners.retry();
    return moved;
  });
  return (
    <section className="cleaners" aria-labelledby="cleaners-title">
      <h2 id="cleaners-title">Cleaners</h2>
      <p>A new cleaner is mailed a link to choose a password (valid 72 hours); they then see their team&apos;s jobs on their phone.</p>
      <AddCleanerForm
        teams={active}
        onAdded={(cleaner) => {
          setAnnouncement(`${cleaner.name} added to ${cleaner.team ?? 'no team'}: the invitation is on its way`);
          cleaners.retry();
        }}
      />
      <p role="status" className="saved-status">{announcement}</p>
      {moving.error ? <Alert variant="error">{moving.error}</Alert> : null}
      {cleaners.loading && !cleaners.data ? <Spinner label="Loading the cleaners" /> : null}
      {cleaners.error ? (
        <Alert variant="error" className="load-error">
          {cleaners.error} <Button size="sm" variant="secondary" onPress={cleaners.retry}>Try again</Button>
        </Alert>
      ) : null}
      {cleaners.data ? (
        <div className="data-table">
          <div className="data-table__scroll" role="region" aria-label="Cleaners" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Cleaners and their teams</caption>
              <thead>
                <tr>
                  <th scope="col">Cleaner</th>
                  <th scope="col">Email</th>
                  <th scope="col">Team</th>
                  <th scope="col">Account</th>
                  <th scope="col"><span className="visually-hidden">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {cleaners.data.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="data-table__empty">No cleaners yet.</td>
                  </tr>
                ) : (
                  cleaners.data.map((cleaner) => (
                    <tr key={cleaner.id}>
                      <th scope="row">{cleaner.name}</th>
                      <td>{cleaner.email}</td>
                      <td>
                        <Select
                          label={`Team of ${cleaner.name}`}
                          hideLabel
                          options={active.map((team) => ({ id: team.id, label: team.name }))}
                          selectedKey={cleaner.team_id}
                          onSelectionChange={(key) => {
                            if (key !== null && Number(key) !== cleaner.team_id) moving.send({ id: cleaner.id, team: Number(key) });
                          }}
                          placeholder={cleaner.team ?? 'No team'}
                          isDisabled={moving.loading}
                        />
                      </td>
                      <td>{cleaner.invited ? 'Invited' : 'Active'}</td>
                      <td>
                        <Button size="sm" variant="secondary" aria-label={`Remove ${cleaner.name}`} onPress={() => setRemoving(cleaner)}>
                          Remove
                        </Button>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      <RemoveCleanerDialog
        cleaner={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(cleaner) => {
          setRemoving(null);
          setAnnouncement(`${cleaner.name} removed: signed out and can no longer sign in`);
          cleaners.retry();
        }}
      />
    </section>
  );
}

function AddCleanerForm({ teams, onAdded }: { teams: AdminTeam[]; onAdded: (cleaner: Cleaner) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [team, setTeam] = useState<number | null>(null);
  const [checked, setChecked] = useState(false);
  const adding = useRequest(async (cleaner: NewCleaner) => {
    const added = await createCleaner(cleaner);
    setName('');
    setEmail('');
    setTeam(null);
    setChecked(false);
    onAdded(added);
    return added;
  });
  const nameError = checked && name.trim().length < 2 ? 'Enter the cleaner\'s name' : null;
  const emailError = checked && !EMAIL.test(email.trim()) ? 'Enter an email address, e.g. maria@example.co.uk' : null;
  const teamError = checked && team === null ? 'Choose a team' : null;
  return (
    <form
      noValidate
      className="cleaners__form"
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (name.trim().length >= 2 && EMAIL.test(email.trim()) && team !== null) adding.send({ name: name.trim(), email: email.trim(), team });
      }}
    >
      <TextField label="Cleaner's name" isRequired maxLength={100} value={name} onChange={setName} errorMessage={nameError} isDisabled={adding.loading} />
      <TextField label="Cleaner's email" type="email" isRequired maxLength={254} value={email} onChange={setEmail} errorMessage={emailError} isDisabled={adding.loading} />
      <Select
        label="Team"
        options={teams.map((candidate) => ({ id: candidate.id, label: candidate.name }))}
        selectedKey={team}
        onSelectionChange={(key) => setTeam(key === null ? null : Number(key))}
        errorMessage={teamError}
        placeholder="Choose a team"
        isDisabled={adding.loading}
      />
      <div className="cleaners__submit">
        <Button type="submit" isPending={adding.loading}>
          Add the cleaner
        </Button>
      </div>
      {adding.error ? <Alert variant="error">{adding.error}</Alert> : null}
    </form>
  );
}
