import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { fromPromise } from 'xstate';
import { jobDayMachine, type JobDayMeta, type RecordStepInput } from '../../../machines/job-day.machine';
import { listMyJobs, recordJobProgress } from '../../api/cleaners';
// Plain links: tel: and the map are outside the app, which the router's links would resolve against /my-jobs.
import { Alert, Button, Checkbox, Page, Spinner } from '../../components/ui';
import '../../components/ui/text-link.css';
import { visitWords } from '../../lib/job-visit';
import { formatLondon, londonClock } from '../../../domain/time/london-time';
import { durationLabel } from '../../../domain/capacity/job-length';
import { inspect } from '../../shared/inspector';
import { useRequest } from '../../shared/use-request';
import type { CleanerJob, JobVisit } from '../../../openapi/schema';
import { PHOTO_TYPES } from '../../../domain/photos/check-out-photo';
import { jobStepOpen, jobStepOpensText, type JobStep } from '../../../domain/jobs/job-step-window';
import './my-jobs.css';
import { orderNumberShown } from '../../../domain/orders/order-reference';

/** The browser's position, or null when it is refused, unavailable or slow (the step goes on without it). */
function currentLocation(): Promise<{ latitude: number; longitude: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => resolve(null),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

/**
 * /my-jobs (issue 26 item 2, decision 040): a cleaner's phone page. Today's jobs of their team, then
 * the rest of the week, each with the UK time, the address and its map, the customer's first name
 * and phone, notes and items; today's jobs also show the access notes and the job's day (the
 * job-day machine): On my way, Check in, the checklist, an optional photo and Check out. No prices
 * or payments.
 */
export default function MyJobsPage() {
  const jobs = useRequest(listMyJobs, { auto: true });
  const today = jobs.data?.jobs.filter((job) => job.today) ?? [];
  const later = jobs.data?.jobs.filter((job) => !job.today) ?? [];
  return (
    <Page title="My jobs" width="narrow">
      {jobs.loading && !jobs.data ? <Spinner label="Loading your jobs" /> : null}
      {jobs.error ? (
        <Alert variant="error">
          {jobs.error} <Button size="sm" variant="secondary" onPress={jobs.retry}>Try again</Button>
        </Alert>
      ) : null}
      {jobs.data ? (
        <>
          <p className="my-jobs__team">{jobs.data.team ? `${jobs.data.team.name} · today is ${jobs.data.today} (UK)` : 'You are in no team yet: ask the office.'}</p>
          <section aria-labelledby="my-jobs-today">
            <h2 id="my-jobs-today">Today</h2>
            {today.length ? <ul className="my-jobs__list">{today.map((job) => <TodayJob key={job.id} job={job} />)}</ul> : <p>No jobs today.</p>}
          </section>
          <section aria-labelledby="my-jobs-week">
            <h2 id="my-jobs-week">This week</h2>
            {later.length ? <ul className="my-jobs__list">{later.map((job) => <li key={job.id} className="my-jobs__job"><JobDetails job={job} /></li>)}</ul> : <p>No other jobs this week.</p>}
          </section>
        </>
      ) : null}
    </Page>
  );
}

function JobDetails({ job }: { job: CleanerJob }) {
  return (
    <article aria-labelledby={`job-${job.id}`}>
      <h3 id={`job-${job.id}`}>
        <time dateTime={job.start}>{formatLondon(job.start)}</time> {job.service}
      </h3>
      {/* The job's own length (decision 084), the one the team's day is planned with. */}
      <p>Length {durationLabel(job.duration_minutes)}, until {londonClock(new Date(new Date(job.start).getTime() + job.duration_minutes * 60_000))}</p>
      <p>{job.customer_first_name}{job.phone ? <> · <a className="text-link" href={`tel:${job.phone.replace(/\s+/g, '')}`}>{job.phone}</a></> : null}</p>
      <p>
        {[job.address, job.postcode].filter(Boolean).join(', ') || 'No address'}
        {job.map_url ? <> · <a className="text-link" href={job.map_url} target="_blank" rel="noopener noreferrer">Map of {job.postcode ?? 'the address'}</a></> : null}
      </p>
      {job.notes ? <p>Notes: {job.notes}</p> : null}
      {job.access_notes ? <p className="my-jobs__access"><strong>Access:</strong> {job.access_notes}</p> : null}
      <ul className="my-jobs__items" aria-label={`Items of job ${orderNumberShown(job)}`}>
        {job.items.map((item) => <li key={item.name}>{item.quantity} × {item.name}</li>)}
      </ul>
    </article>
  );
}

const STEP_OF: Record<JobDayMeta['buttons'][number], JobStep> = { 'On my way': 'on_my_way', 'Check in': 'check_in', 'Check out': 'check_out' };
const EVENT_OF = { 'On my way': 'job.onMyWay', 'Check in': 'job.checkIn', 'Check out': 'job.checkOut' } as const;

function TodayJob({ job }: { job: CleanerJob }) {
  const [visit, setVisit] = useState<JobVisit>(job.visit);
  const actor = useActorRef(
    jobDayMachine.provide({
      actors: {
        recordStep: fromPromise<JobVisit, RecordStepInput>(async ({ input }) => {
          const location = input.consent ? await currentLocation() : null;
          const answer = await recordJobProgress(job.id, { step: input.step, consent: input.consent, location, checklist: input.checklist, photo: input.photo });
          setVisit(answer.visit);
          return answer.visit;
        }),
      },
    }),
    { input: { visit: job.visit, start: job.start, now: Date.now() }, inspect },
  );
  // The page's clock: a step's button appears when its window opens (decision 073).
  useEffect(() => {
    const timer = setInterval(() => actor.send({ type: 'clock.tick', now: Date.now() }), 30_000);
    return () => clearInterval(timer);
  }, [actor]);
  const state = useSelector(actor, (s) => ({
    value: String(s.value),
    meta: ((s.getMeta() as Record<string, JobDayMeta | undefined>)[`jobDay.${String(s.value)}`] ?? { buttons: [], busy: false, shows: '' }),
    consent: s.context.consent,
    checklist: s.context.checklist,
    photo: s.context.photo,
    error: s.context.error,
    now: s.context.now,
  }), (a, b) => a.value === b.value && a.consent === b.consent && a.checklist === b.checklist && a.photo === b.photo && a.error === b.error && a.now === b.now);
  const start = new Date(job.start);
  const open = state.meta.buttons.filter((label) => jobStepOpen(STEP_OF[label], start, new Date(state.now)));
  const later = state.meta.buttons.filter((label) => !open.includes(label));
  const words = visitWords(visit);
  const checkingOut = state.value === 'checkedIn' || state.value === 'checkingOut';
  return (
    <li className="my-jobs__job" data-state={state.value}>
      <JobDetails job={job} />
      <p role="status" className="my-jobs__visit">{words ? `You ${words}` : ''}</p>
      {state.value === 'done' ? (
        <p className="my-jobs__done">
          Done{visit.checklist_done.length ? `: ${visit.checklist_done.join(', ')}` : ''}
          {state.photo ? ' · photo sent' : ''}
        </p>
      ) : (
        <>
          {checkingOut ? (
            <fieldset className="my-jobs__checklist">
              <legend>Checklist</legend>
              {job.checklist.map((label) => (
                <Checkbox key={label} isSelected={state.checklist.includes(label)} isDisabled={state.meta.busy} onChange={() => actor.send({ type: 'checklist.toggle', label })}>
                  {label}
                </Checkbox>
              ))}
            </fieldset>
          ) : null}
          {checkingOut ? <PhotoPicker job={job} photo={state.photo} busy={state.meta.busy} attach={(photo) => actor.send({ type: 'photo.attach', photo })} remove={() => actor.send({ type: 'photo.remove' })} /> : null}
          <Checkbox isSelected={state.consent} onChange={() => actor.send({ type: 'consent.toggle' })}>
            Share my location with this step
          </Checkbox>
          <div className="my-jobs__actions">
            {open.map((label) => (
              <Button
                key={label}
                variant={label === 'On my way' ? 'secondary' : 'primary'}
                isPending={state.meta.busy}
                aria-label={`${label}: job ${orderNumberShown(job)}`}
                onPress={() => actor.send({ type: EVENT_OF[label] })}
              >
                {label}
              </Button>
            ))}
          </div>
          {later.length ? <p className="my-jobs__opens">{later.map((label) => jobStepOpensText(STEP_OF[label], start)).join(' · ')} (UK time)</p> : null}
        </>
      )}
      {state.error ? <Alert variant="error">{state.error}</Alert> : null}
    </li>
  );
}

/**
 * One optional photo for the check-out (decision 061): the phone offers its camera or gallery
 * (the accepted types only narrow its choice; the server reads the bytes). Chosen, it is named with
 * a way to remove it; it is sent with Check out.
 */
function PhotoPicker({ job, photo, busy, attach, remove }: { job: CleanerJob; photo: Blob | null; busy: boolean; attach: (photo: File) => void; remove: () => void }) {
  const name = photo instanceof File ? photo.name : 'photo';
  return (
    <div className="my-jobs__photo">
      <FileTrigger acceptedFileTypes={[...PHOTO_TYPES]} onSelect={(files) => { const file = files?.[0]; if (file) attach(file); }}>
        <Button variant="secondary" size="sm" isDisabled={busy} aria-label={`${photo ? 'Change the photo' : 'Add a photo (optional)'}: job ${orderNumberShown(job)}`}>
          {photo ? 'Change the photo' : 'Add a photo (optional)'}
        </Button>
      </FileTrigger>
      {photo ? (
        <p className="my-jobs__photo-name">
          Photo: {name}{' '}
          <Button variant="ghost" size="sm" isDisabled={busy} aria-label={`Remove the photo: job ${orderNumberShown(job)}`} onPress={remove}>Remove</Button>
        </p>
      ) : null}
    </div>
  );
}
