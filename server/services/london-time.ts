/** UK time has one home, shared with the client and the mails: src/lib/london-time.ts. */
export { earliestStart, formatLondon, londonDate, londonLocalToInstant } from '../../src/lib/london-time';
export { londonDaysSpan } from '../../src/lib/london-days';
