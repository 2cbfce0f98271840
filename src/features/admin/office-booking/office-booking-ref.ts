import type { ActorRefFrom } from 'xstate';
import type { officeBookingMachine } from '../../../../machines/office-booking.machine';

/** The running office booking machine every step is given. */
export type OfficeBookingRef = ActorRefFrom<typeof officeBookingMachine>;
