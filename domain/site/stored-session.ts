/**
 * The browser's localStorage key of the signed-in session (R-AUTH-1): the app keeps the user there
 * (src/shared/stored-user.ts) and a prerendered page behind sign-in reads it before it paints
 * (server/lib/page-loader.ts). Pure: both import it.
 */
export const storedSessionKey = 'userInfo';
