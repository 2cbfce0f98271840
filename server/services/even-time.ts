/**
 * Answers no sooner than `floorMs` after the work started, so a caller cannot tell from the time
 * whether there was work to do (forgot-password: is there an account for this email?). Work that
 * outlasts the floor (a slow mail server) finishes in the background, its failure logged.
 */
export async function inEvenTime(work: Promise<unknown>, floorMs: number, onLateFailure: (error: unknown) => void): Promise<void> {
  const floor = new Promise<'floor'>((resolve) => setTimeout(() => resolve('floor'), floorMs));
  const first = await Promise.race([work.then(() => 'work' as const), floor]);
  if (first === 'floor') {
    work.catch(onLateFailure);
    return;
  }
  await floor;
}

/** forgot-password answers after this long whether or not the email has an account. */
export const FORGOT_PASSWORD_FLOOR_MS = 300;
