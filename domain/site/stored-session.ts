/**
 * The browser's localStorage key of the signed-in session (R-AUTH-1): the app keeps the user there
 * (src/shared/stored-user.ts) and a prerendered page behind sign-in reads it before it paints
 * (server/lib/page-loader.ts). Pure: both import it.
 */
export const storedSessionKey = 'userInfo';

/**
 * The browser's localStorage mark of someone who has signed in here before (kept after logging out):
 * a page behind sign-in that is open to first-time visitors (the booking page, decision 080) sends only
 * such a person to log in ("Welcome back"), and shows a first-time visitor the page made for them.
 */
export const returningVisitorKey = 'signedInBefore';
