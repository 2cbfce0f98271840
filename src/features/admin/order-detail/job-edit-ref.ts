import type { ActorRefFrom } from 'xstate';
import type { jobEditMachine } from '../../../../machines/job-edit.machine';

/** The running job edit machine its panels are given. */
export type JobEditRef = ActorRefFrom<typeof jobEditMachine>;
