/**
 * The people who work the server hard beside a public read (scripts/bench/pressure.ts), in a
 * process of their own so the process that times the public read does nothing else. Forked with
 * one JSON argument; sends 'started' once its loops run and its tally when `seconds` are over.
 *
 * - `admins`: administrators browsing the back office as its pages let them: a list (orders, users,
 *   refunds) in one of its sorts from page 1, then Next page a few times, sometimes the Last page
 *   and Previous from there; the dashboard's tiles and chart between lists; about a second between
 *   clicks (a person reads the page first).
 * - `customer`: a customer with 200,000 orders — or a script with their token — asking My orders
 *   for any page at all, deep ones included (the API takes a page number, not only Next).
 */
export interface BrowsersJob {
  baseUrl: string;
  /** One per person: loop i signs its requests with tokens[i % tokens.length]. */
  tokens: readonly string[];
  kind: 'admins' | 'customer';
  loops: number;
  seconds: number;
}

export interface BrowsersTally {
  done: number;
  /** Answered 4xx: a page too deep (400) or too many reads at once (429), as the limits say. */
  refused: number;
  /** Answered 5xx, or not at all. */
  failed: number;
}

/** An administrator's pause between clicks, on average (BENCH_THINK_MS; 0: a script, not a person). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const upTo = (n: number) => 1 + Math.floor(Math.random() * n);

const ADMIN_LISTS = [
  { path: '/api/admin/orders/', sorts: ['created', 'id', 'user', 'service', 'total', 'status', 'due'] },
  { path: '/api/admin/users', sorts: ['id', 'name', 'email', 'created'] },
  { path: '/api/admin/refunds/', sorts: ['refund_date', 'order_id', 'name', 'status'] },
] as const;

/** One visit to a list: the pages an administrator reads in order (the list's size from page 1's X-Total-Count). */
async function* adminVisit(get: (url: string) => Promise<number | null>): AsyncGenerator<void> {
  const list = pick(ADMIN_LISTS);
  const url = (page: number, sort: string, order: string) => `${list.path}?limit=25&page=${page}&sort=${sort}&order=${order}`;
  const sort = pick(list.sorts);
  const order = pick(['asc', 'desc']);
  const first = await get(url(1, sort, order));
  yield;
  const pages = Math.max(1, Math.ceil((first ?? 0) / 25));
  const fromEnd = Math.random() < 0.2;
  const clicks = upTo(10);
  for (let i = 1; i <= clicks; i++) {
    const page = fromEnd ? pages - i + 1 : 1 + i;
    if (page < 1 || page > pages) break;
    await get(url(page, sort, order));
    yield;
  }
  await get(pick(['/api/admin/counter', '/api/admin/stats/weekly']));
  yield;
}

async function run(job: BrowsersJob): Promise<BrowsersTally> {
  const tally: BrowsersTally = { done: 0, refused: 0, failed: 0 };
  const deadline = Date.now() + job.seconds * 1000;
  const get = async (path: string, token: string) => {
    try {
      const response = await fetch(`${job.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
      await response.arrayBuffer();
      tally.done += 1;
      if (response.status >= 500) tally.failed += 1;
      else if (!response.ok) tally.refused += 1;
      // Lists answer an array and their size in a header (docs/decisions/011).
      const total = Number(response.headers.get('x-total-count'));
      return Number.isFinite(total) && response.headers.has('x-total-count') ? total : null;
    } catch {
      tally.failed += 1;
      return null;
    }
  };
  // A person reads the page before the next click: THINK_MS between an administrator's requests.
  const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
  const admin = async (_: unknown, person: number) => {
    const token = job.tokens[person % job.tokens.length]!;
    while (Date.now() < deadline) {
      for await (const _ of adminVisit((path) => get(path, token))) {
        if (Date.now() >= deadline) return;
        await think();
      }
    }
  };
  const customer = async (_: unknown, tab: number) => {
    const token = job.tokens[tab % job.tokens.length]!;
    while (Date.now() < deadline) await get(`/api/services/order/get?limit=10&page=${Math.random() < 0.7 ? 1 : upTo(20_000)}`, token);
  };
  process.send?.('started');
  await Promise.all(Array.from({ length: job.loops }, job.kind === 'admins' ? admin : customer));
  return tally;
}

const job = JSON.parse(process.argv[2] ?? '{}') as BrowsersJob;
run(job).then(
  (tally) => process.send?.(tally, () => process.exit(0)),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
