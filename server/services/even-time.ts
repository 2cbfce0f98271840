/**
 * Answers no sooner than `floorMs` after the work started, so a caller cannot tell from the time
 * whether there was work to do (forgot-password: is there an account for this email?). The work
 * is always finished before answering (the mail is sent when the answer says so); only work slower
 * than the floor (a mail server taking over 300 ms) would show in the time.
 */
export async function inEvenTime(work: Promise<unknown>, floorMs: number): Promise<void> {
  const floor = new Promise((resolve) => setTimeout(resolve, floorMs));
  await Promise.all([work, floor]);
}

/** forgot-password answers after this long whether or not the email has an account. */
export const FORGOT_PASSWORD_FLOOR_MS = 300;
