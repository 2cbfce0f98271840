/**
 * React Aria's Button announces its pending state through the live announcer: an entry with
 * role=img and aria-labelledby pointing at the button, kept for 7 seconds. A button that goes away
 * with its step, dialog or card (Book, On my way, Delete) leaves that entry naming nothing: screen
 * readers have read it already, and what is left is an unnamed image (axe `role-img-alt`) until it
 * expires. Dropping such entries when a pending button leaves keeps the page valid (issue 39 row 8).
 */
export function dropAnnouncementsNamingNothing(): void {
  for (const entry of document.querySelectorAll('[data-live-announcer] [role="img"][aria-labelledby]')) {
    const ids = (entry.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.some((id) => document.getElementById(id))) entry.remove();
  }
}

/** The announcer adds its first entry 100 ms late: look again once that has passed. */
export const ANNOUNCER_FIRST_DELAY_MS = 150;
