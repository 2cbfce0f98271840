import { CHECK_IN_OPENS, CHECKED_IN, CHECKED_OUT, JOB_DAY_EVENTS, JOB_START, jobDayModel, NOTHING_YET, ON_MY_WAY_OPENS, ON_THE_WAY, TOO_EARLY } from '../job-day-model';
import { has, type ExpectedMachine } from '../expected-walks';
import type { JobVisit } from '../../../openapi/schema';

/**
 * A cleaner's job on its day, written from issue 26 item 2 (decision 040), not from the machine: a
 * job starts where the server's record puts it; "On my way" is optional before checking in;
 * checking out needs a check-in and sends the ticked checklist; each step is busy while it is
 * recorded, a refusal stays where the job was with the message, and the consent box can be ticked
 * or unticked at any time. Checked in, one photo can be attached or removed (decision 061): it stays
 * checked in; one over 5 MB is refused with "The photo is larger than 5 MB". Done is the end.
 * Issue 33 row 8 (decision 073): On my way is taken from 2 hours before the start, check in and
 * check out from 1 hour before; a press earlier leaves the job as it is, and the page's clock
 * (`clock.tick`) is kept, whatever the state.
 */
const [onMyWay, checkIn, checkOut, tick, consent, attachPhoto, attachTooBig, removePhoto, recorded, refused, clockAtHalfPastSeven, clockAtStart] = JOB_DAY_EVENTS;
export const jobDayEvents = { onMyWay, checkIn, checkOut, tick, consent, attachPhoto, attachTooBig, removePhoto, recorded, refused, clockAtHalfPastSeven, clockAtStart } as Record<string, { type: string }>;

const from = (opens: number, target: string, otherwise: string) => (c: any) => (c.now >= opens ? target : otherwise);

const noError = (c: any) => has(c, { error: null });
const refusedMessage = (c: any) => has(c, { error: 'Too early: Check in opens at 2027-03-25 08:00 (UK time), 1 hour before the job starts' });

function expectedFrom(visit: JobVisit, name: string, initial: string): ExpectedMachine {
  return {
    name: `job day (${name})`,
    machine: jobDayModel,
    input: { visit, start: JOB_START, now: TOO_EARLY },
    events: jobDayEvents,
    initial: { '': initial },
    regions: {
      '': {
        assigned: { on: { onMyWay: from(ON_MY_WAY_OPENS, 'sendingOnMyWay', 'assigned'), checkIn: from(CHECK_IN_OPENS, 'checkingIn', 'assigned') } },
        sendingOnMyWay: { on: { recorded: 'onMyWay', refused: 'assigned' }, context: noError },
        onMyWay: { on: { checkIn: from(CHECK_IN_OPENS, 'checkingIn', 'onMyWay') } },
        // A refused check-in goes back to where the record was: on the way, or not yet.
        checkingIn: { on: { recorded: 'checkedIn', refused: (c: any) => (c.visit.on_my_way_at ? 'onMyWay' : 'assigned') }, context: noError },
        checkedIn: { on: { checkOut: from(CHECK_IN_OPENS, 'checkingOut', 'checkedIn') } },
        checkingOut: { on: { recorded: 'done', refused: 'checkedIn' }, context: noError },
        done: {},
      },
    },
  };
}

export const expectedJobDay = expectedFrom(NOTHING_YET, 'nothing recorded yet', 'assigned');
export const JOB_DAY_STARTS = [NOTHING_YET, ON_THE_WAY, CHECKED_IN, CHECKED_OUT].map((visit) => ({ visit, start: JOB_START, now: TOO_EARLY }));
export { refusedMessage };
