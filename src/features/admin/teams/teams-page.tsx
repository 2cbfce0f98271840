import { useState } from 'react';
import { listTeams, removeTimeOff } from '../../../api/teams';
import { startFetch } from '../../../shared/preload';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Page, Spinner } from '../../../components/ui';
import '../data-table/data-table.css';
import { CleanersSection } from './cleaners-section';
import { TeamDialog } from './team-dialog';
import { weekSummary } from './team-hours';
import { TimeOffDialog } from './time-off-dialog';
import './teams.css';
import type { AdminTeam } from '../../../../openapi/schema';

type Editing = { team: AdminTeam | null } | null;

/** What TeamsPage asks for first, started before it renders (first-reads.ts). */
export function startTeamsReads(): void {
  startFetch(listTeams);
}

/**
 * Issue 15, /teams: the teams with their working days and hours and their time off to come. Every
 * change counts in the customers' free times on their next look (decision 022): a team marked off
 * turns "3 of 3 teams free" into "2 of 3" that day.
 */
export function TeamsPage() {
  const teams = useRequest(listTeams, { auto: true });
  const [editing, setEditing] = useState<Editing>(null);
  const [timeOffFor, setTimeOffFor] = useState<AdminTeam | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const saved = (message: string) => {
    setAnnouncement(message);
    teams.retry();
  };
  const removing = useRequest(async ({ team, timeOffId, days }: { team: AdminTeam; timeOffId: number; days: string }) => {
    const answer = await removeTimeOff({ id: team.id, timeOffId });
    saved(`${team.name} is back on ${days}`);
    return answer;
  });

  return (
    <Page title="Teams" width="full">
      <p className="teams__hint">
        Working days and hours are UK time, within the company&apos;s opening hours. Time off and inactive teams leave the customers&apos; free times at once.
      </p>
      <div className="teams__toolbar">
        <Button onPress={() => setEditing({ team: null })}>Add a team</Button>
      </div>
      <p role="status" className="saved-status">{announcement}</p>
      {teams.loading && !teams.data ? <Spinner label="Loading the teams" /> : null}
      {teams.error ? (
        <Alert variant="error" className="load-error">
          {teams.error} <Button size="sm" variant="secondary" onPress={teams.retry}>Try again</Button>
        </Alert>
      ) : null}
      {removing.error ? <Alert variant="error">{removing.error}</Alert> : null}
      {teams.data ? (
        <div className="data-table">
          <div className="data-table__scroll" role="region" aria-label="Teams" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Teams, their working days and hours and their time off</caption>
              <thead>
                <tr>
                  <th scope="col">Team</th>
                  <th scope="col">Status</th>
                  <th scope="col">Working days and hours</th>
                  <th scope="col">Time off</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {teams.data.map((team) => (
                  <tr key={team.id}>
                    <th scope="row">{team.name}</th>
                    <td>{team.active ? 'Active' : 'Inactive'}</td>
                    <td>{weekSummary(team.hours)}</td>
                    <td>
                      {team.time_off.length ? (
                        <ul className="teams__time-off">
                          {team.time_off.map((off) => {
                            const days = off.starts_on === off.ends_on ? off.starts_on : `${off.starts_on} to ${off.ends_on}`;
                            return (
                              <li key={off.id}>
                                {days}
                                {off.reason ? ` (${off.reason})` : ''}
                                {off.jobs ? <strong className="teams__jobs"> {off.jobs === 1 ? '1 job' : `${off.jobs} jobs`} to move</strong> : null}
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  aria-label={`Remove time off ${days} of ${team.name}`}
                                  isDisabled={removing.loading}
                                  onPress={() => removing.send({ team, timeOffId: off.id, days })}
                                >
                                  Remove
                                </Button>
                              </li>
                            );
                          })}
                        </ul>
                      ) : (
                        'None'
                      )}
                    </td>
                    <td>
                      <div className="teams__actions">
                        <Button size="sm" variant="secondary" aria-label={`Edit ${team.name}`} onPress={() => setEditing({ team })}>
                          Edit
                        </Button>
                        <Button size="sm" variant="secondary" aria-label={`Add time off for ${team.name}`} onPress={() => setTimeOffFor(team)}>
                          Add time off
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {teams.data ? <CleanersSection teams={teams.data} /> : null}
      <TeamDialog
        open={editing !== null}
        team={editing?.team ?? null}
        onClose={() => setEditing(null)}
        onSaved={(team) => {
          setEditing(null);
          saved(`${team.name} saved`);
        }}
      />
      <TimeOffDialog
        team={timeOffFor}
        onClose={() => setTimeOffFor(null)}
        onSaved={(team) => saved(`Time off added for ${team.name}`)}
      />
    </Page>
  );
}
