/**
 * React Aria's Button announces its pending state through the live announcer: an entry with
 * role=img and aria-labelledby pointing at the button, kept for 7 seconds. A button that goes away
 * with its step, dialog or card (Book, Next, On my way, Delete) leaves that entry naming nothing,
 * or the entry arrives after the button went (the first announcement waits 100 ms): screen readers
 * have nothing to read in it, and axe sees an unnamed image (`role-img-alt`). Such entries are
 * dropped as soon as the page changes (issue 39 row 8).
 */
export function dropAnnouncementsNamingNothing(): void {
  const announcer = document.body.querySelector(':scope > [data-live-announcer]');
  if (!announcer) return;
  for (const entry of announcer.querySelectorAll('[role="img"][aria-labelledby]')) {
    const ids = (entry.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.some((id) => document.getElementById(id))) entry.remove();
  }
}

let watching = false;

/**
 * From the first pending button on, every change of the page drops the entries that name nothing
 * (a MutationObserver runs before any other task, so nobody reads the page in between). The work
 * per change is a look into the announcer's few entries.
 */
export function watchAnnouncements(): void {
  if (watching || typeof MutationObserver === 'undefined') return;
  watching = true;
  new MutationObserver(dropAnnouncementsNamingNothing).observe(document.body, { childList: true, subtree: true });
}
