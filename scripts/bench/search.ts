/**
 * The /orders search figures alone, against a server already running on seeded data (the full
 * `npm run bench` seeds a million orders itself):
 *
 *   DATABASE_URL=… node --import tsx scripts/seed-scale.ts --orders 1000000 --users 200000
 *   (start the server on that database) then
 *   BENCH_URL=http://127.0.0.1:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node --import tsx scripts/bench/search.ts
 */
import { londonToday, londonWeek } from '../../domain/time/london-days';
import { measureSearch } from './scale';
import { signIn } from './server';

const baseUrl = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const admin = await signIn(baseUrl, { email: process.env.ADMIN_EMAIL ?? 'admin@sparkle.test', password: process.env.ADMIN_PASSWORD ?? '' });
const now = new Date();
const figures = await measureSearch(baseUrl, admin.token, londonToday(now).from, londonWeek(now));
const worst = Math.max(...figures.map((figure) => figure.apiMs));
console.log(`Worst first page: ${Math.round(worst)} ms (goal ≤ 100 ms); load average ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}`);
