import type { Locator } from '@playwright/test';
import { jobDayMachine, type JobDayMeta } from '../../machines/job-day.machine';
import { TEST_ADMIN } from '../api/support/test-config';
import { waitForMail } from '../api/support/mail-wait';
import { formatLondon, londonDate } from '../../domain/time/london-time';
import { expectNoAxeViolations, settled } from './support/a11y';
import { selectTrigger } from './support/admin-ui';
import { expect as baseExpect, ok, test } from './support/fixtures';
import { invitedCleaner, jobToday, jobTodayFor } from './support/cleaner-day';
import type { Credentials } from './support/fixtures';
import { mailOutbox } from '../../server/queue';
import { sendDueReminders } from '../../server/services/reminders';
import { TEXT_REPLIES_PATH } from '../../server/routes/text-replies';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Cleaners (issue 26 item 2, decision 040) in Chromium against the real server: staff add a cleaner
 * to Team A on /teams, the cleaner follows the mailed link, chooses a password, signs in and lands on
 * /my-jobs, sees Team A's job of today with its access notes and not Team B's, goes on the way,
 * checks in, ticks the checklist and checks out by keyboard, each state of the job-day machine
 * checked on the card (its `meta.buttons`), axe clean; staff then read "checked in HH:mm" on the
 * board. Texts (issue 38, decision 094): the job's customer opts in on /profile by keyboard (a
 * landline refused), gets the reminder and the on-the-way texts at the local fake Twilio, replies
 * STOP, and her profile then says texts are off. The spec runs a server of its own: jobs of today need moving in the database (checkouts
 * need 24 hours' notice), as time passing would.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const { server, twilio } = ownServerForFile({ testTimeout: 180_000, twilio: true });
let teamA: number;
let teamB: number;
let ours: number;
let theirs: number;
/** Jane, whose job it is: she opts in to texts on her own browser (decision 094). */
let jane: Credentials;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const teams = await server.db.query<{ id: number; name: string }>(`SELECT id, name FROM teams WHERE name IN ('Team A', 'Team B') ORDER BY name`);
  [teamA, teamB] = [teams[0]!.id, teams[1]!.id];
  ({ id: ours, customer: jane } = await jobTodayFor(server, { customer: 'Jane Customer', team: teamA, note: 'Cat indoors', accessNotes: 'Key safe 4821' }));
  theirs = await jobToday(server, { customer: 'Bartholomew Customer', team: teamB, note: 'Cat indoors', accessNotes: 'Key safe 9999' });
});

const metaOf = (state: string) => (jobDayMachine.states[state]!.meta ?? {}) as JobDayMeta;

/** The card is in `state` (data-state) and shows exactly the machine's buttons for it. */
async function expectJobState(card: Locator, state: string): Promise<void> {
  await expect(card).toHaveAttribute('data-state', state);
  for (const label of ['On my way', 'Check in', 'Check out'] as const) {
    const button = card.getByRole('button', { name: new RegExp(`^${label}:`) });
    if (metaOf(state).buttons.includes(label)) await expect(button).toBeVisible();
    else await expect(button).toHaveCount(0);
  }
}

test('staff add a cleaner, whose invitation sets a password, signs in and opens /my-jobs, sees only the team’s jobs, checks in and out; the board shows it', async ({ page, browser }) => {
  const email = `maria-${Date.now()}@cleaners.example`;

  // Jane opts in to texts on her profile, by keyboard (issue 38, decision 094): a landline is refused with why.
  const janes = await (await browser.newContext()).newPage();
  await server.signIn(janes, jane);
  await janes.goto(`${server.baseUrl}/profile`);
  const texts = janes.getByRole('region', { name: 'Text messages' });
  await expect(texts.getByRole('status')).toHaveText('Texts are off: you have not asked for them.');
  await texts.getByLabel('Mobile number').fill('020 7946 0000');
  await janes.keyboard.press('Tab');
  await expect(texts.getByRole('checkbox', { name: 'Text me reminders and when my team is on the way' })).toBeFocused();
  await janes.keyboard.press('Space');
  await texts.getByRole('button', { name: 'Save text settings' }).press('Enter');
  await expect(texts.getByRole('alert')).toContainText('Texts go to UK mobile numbers only');
  await texts.getByLabel('Mobile number').fill('07700 900123');
  await texts.getByRole('button', { name: 'Save text settings' }).press('Enter');
  await expect(texts.getByRole('status')).toHaveText(/^Texts are on, to \+44 7700 900123, since \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(on this page\)\.$/);
  await expectNoAxeViolations(janes, '/profile with texts on');
  // The day before, the reminders' run (its cron's work, an hour before the job): her reminder text.
  const [due] = await server.db.query<{ due_at: Date }>('SELECT due_at FROM orders WHERE id = $1', [ours]);
  await sendDueReminders(server.db, mailOutbox(server.jobs, { publicUrl: server.publicUrl, vatNumber: 'GB 987 6543 21' }), new Date(due!.due_at.getTime() - 3_600_000));
  await expect.poll(() => twilio.messages.filter((text) => text.to === '+447700900123').map((text) => text.body.split(',')[0])).toEqual(['Sparkle Cleaning: a reminder']);

  // Staff: /teams, Cleaners, by keyboard.
  await server.signIn(page, TEST_ADMIN);
  await page.goto(`${server.baseUrl}/teams`);
  await settled(page);
  await page.getByLabel("Cleaner's name").fill('Maria Lopez');
  await page.getByLabel("Cleaner's email").fill(email);
  await selectTrigger(page, 'Team').press('Enter');
  await expect(page.getByRole('option', { name: 'Team A', exact: true })).toBeFocused();
  // The option a keyboard is on is outlined in the focus colour, not only tinted (issue 39 row 8).
  await expect(page.getByRole('option', { name: 'Team A', exact: true })).toHaveCSS('outline-style', 'solid');
  await expect(page.getByRole('option', { name: 'Team A', exact: true })).toHaveCSS('outline-color', 'rgb(37, 99, 235)');
  await page.keyboard.press('Enter');
  await expect(selectTrigger(page, 'Team')).toContainText('Team A');
  await page.getByRole('button', { name: 'Add the cleaner' }).press('Enter');
  await expect(page.getByText('Maria Lopez added to Team A: the invitation is on its way')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cleaners' }).getByRole('row', { name: /Maria Lopez/ })).toContainText('Invited');
  await expectNoAxeViolations(page, '/teams with a cleaner');

  // The cleaner, on their own phone: the mailed link, a password, the normal login.
  const phone = await (await browser.newContext()).newPage();
  const mail = await waitForMail(server.outboxDir, email);
  const url = new URL(mail.links.find((href) => href.includes('/reset-password/'))!);
  await phone.goto(`${server.baseUrl}${url.pathname}${url.search}`);
  // An invitation, not a reset: it says what the password is for, signs in and opens the jobs.
  await expect(phone.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(phone.getByText('Set your password to see your jobs.')).toBeVisible();
  await expectNoAxeViolations(phone, 'the invitation');
  await phone.getByLabel('New password', { exact: true }).fill('maria-cleans-well');
  await phone.getByLabel('Confirm password').fill('maria-cleans-well');
  await phone.getByRole('button', { name: 'Set my password' }).click();
  await expect(phone).toHaveURL(/\/my-jobs$/);
  await expect(phone.getByText('Your password is set: you are signed in')).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'My jobs', level: 1 })).toBeVisible();

  // Only Team A's job, with its access notes today; nothing of Team B's.
  const card = phone.locator('li.my-jobs__job', { has: phone.getByText('Key safe 4821') });
  await expect(card).toContainText('Jane');
  await expect(card).toContainText('Cat indoors');
  await expect(card.getByRole('link', { name: /^Map of / })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/search\?query=/);
  await expect(phone.getByText('Bartholomew')).toHaveCount(0);
  await expect(phone.getByText('Key safe 9999')).toHaveCount(0);
  await expect(phone.getByText(/£/)).toHaveCount(0);
  await expectJobState(card, 'assigned');
  await expectNoAxeViolations(phone, '/my-jobs on a phone');

  // The job's day, by keyboard.
  await card.getByRole('button', { name: /^On my way:/ }).press('Enter');
  await expectJobState(card, 'onMyWay');
  await expect(card.getByRole('status')).toContainText('You on the way since');
  await expectNoAxeViolations(phone, '/my-jobs on the way');
  // Jane's text says her team is on the way; she replies STOP, and her profile says texts are off.
  await expect.poll(() => twilio.messages.filter((text) => text.to === '+447700900123').length).toBe(2);
  expect(twilio.messages.at(-1)!.body).toMatch(/^Sparkle Cleaning: Team A is on the way for your /);
  expect((await twilio.reply('+447700900123', 'STOP', { postTo: `${server.baseUrl}${TEXT_REPLIES_PATH}`, signedUrl: `${server.publicUrl}${TEXT_REPLIES_PATH}` })).status).toBe(200);
  await janes.reload();
  await expect(texts.getByRole('status')).toHaveText(/^Texts are off since \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(you replied STOP to a text\)\.$/);
  await expect(texts.getByRole('checkbox', { name: 'Text me reminders and when my team is on the way' })).not.toBeChecked();
  await card.getByRole('button', { name: /^Check in:/ }).press('Enter');
  await expectJobState(card, 'checkedIn');
  const [checkedIn] = await server.db.query<{ checked_in_at: Date }>('SELECT checked_in_at FROM job_visits WHERE order_id = $1', [ours]);
  const inAt = formatLondon(checkedIn!.checked_in_at).slice(11);
  await expect(card.getByRole('status')).toHaveText(`You checked in ${inAt}`);
  await card.getByRole('checkbox', { name: 'Bins emptied' }).press('Space');
  await expect(card.getByRole('checkbox', { name: 'Bins emptied' })).toBeChecked();
  await expectNoAxeViolations(phone, '/my-jobs checked in');
  await card.getByRole('button', { name: /^Check out:/ }).press('Enter');
  await expectJobState(card, 'done');
  await expect(card).toContainText('Done: Bins emptied');

  // Staff: the board shows it.
  await page.goto(`${server.baseUrl}/schedule?view=day&day=${londonDate(new Date())}`);
  await settled(page);
  await expect(page.getByText(new RegExp(`checked in ${inAt}, checked out \\d{2}:\\d{2}`))).toBeVisible();

  // The cleaner cannot open the back office: the API says so, whatever the page shows.
  const token = await phone.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token);
  const answer = await phone.request.get(`${server.baseUrl}/api/admin/schedule?from=${londonDate(new Date())}&days=1`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(403);
});

/** A cleaner added by staff through the API who set a password from the mailed link: their token. */
const jobsOf = (token: string) => server.api(token).GET('/cleaner/jobs');

test('staff move a cleaner to Team B and remove them by keyboard; their phone then sees Team B only, then is signed out (decision 058)', async ({ page }) => {
  const email = `rosa-${Date.now()}@cleaners.example`;
  const rosa = await invitedCleaner(server, { name: 'Rosa Moved', email, team: teamA, password: 'rosa-cleans-well' });
  expect((await ok(jobsOf(rosa.token))).jobs.map((job) => job.id)).toContain(ours);

  await server.signIn(page, TEST_ADMIN);
  await page.goto(`${server.baseUrl}/teams`);
  await settled(page);
  const row = page.getByRole('region', { name: 'Cleaners' }).getByRole('row', { name: /Rosa Moved/ });
  await selectTrigger(page, 'Team of Rosa Moved').press('Enter');
  await page.getByRole('option', { name: 'Team B', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Rosa Moved moved to Team B')).toBeVisible();
  const moved = await ok(jobsOf(rosa.token));
  expect(moved.team?.name).toBe('Team B');
  expect(moved.jobs.map((job) => job.id)).toContain(theirs);
  expect(moved.jobs.map((job) => job.id)).not.toContain(ours);

  await row.getByRole('button', { name: 'Remove Rosa Moved' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove Rosa Moved?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep Rosa Moved' })).toBeFocused();
  await expectNoAxeViolations(page, '/teams removing a cleaner');
  await dialog.getByRole('button', { name: 'Remove Rosa Moved' }).press('Enter');
  await expect(page.getByText('Rosa Moved removed: signed out and can no longer sign in')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Cleaners' }).getByRole('row', { name: /Rosa Moved/ })).toHaveCount(0);
  expect((await jobsOf(rosa.token)).response.status).toBe(401);
  expect((await server.api().POST('/auth/login', { body: { username: email, password: 'rosa-cleans-well' } })).response.status).toBe(401);
});

test('the board shows a check-in made meanwhile without a reload (it reads itself every 30 seconds; decision 040)', async ({ page }) => {
  const sam = await invitedCleaner(server, { name: 'Sam Live', email: `sam-${Date.now()}@cleaners.example`, team: teamB, password: 'sam-cleans-well' });
  // The page's clock is Playwright's: the board's half-minute comes at once, without waiting for it.
  await page.clock.install();
  await server.signIn(page, TEST_ADMIN);
  await page.goto(`${server.baseUrl}/schedule?view=day&day=${londonDate(new Date())}`);
  await settled(page);
  await expect(page.getByText('Bartholomew').first()).toBeVisible();
  const checkedIn = page.getByText(/checked in \d\d:\d\d/);
  const before = await checkedIn.count();

  const job = await ok(server.api(sam.token).POST('/cleaner/jobs/{id}/progress', { params: { path: { id: theirs } }, body: { step: 'check_in' } }));
  expect(job.visit.checked_in_at).not.toBeNull();
  await page.clock.fastForward(30_000);
  await expect(checkedIn).toHaveCount(before + 1);
});

