/**
 * Lighthouse 12, mobile with simulated throttling (its default), offline against the local server:
 * each route three times, the median of each figure reported.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { UserInfo } from '../../openapi/schema';
import { storedSessionKey } from '../../domain/site/stored-session';

export interface PageFigures {
  route: string;
  /** Measured with a customer's session kept in the browser (a page behind sign-in, decision 068). */
  signedIn?: boolean;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** JS the page downloaded (transfer bytes as served). */
  scriptTransferBytes: number;
  /** Audits that lost points, for the record (ids). */
  failedAudits: string[];
}

/**
 * A route to measure; with `session`, as that signed-in customer: the session is kept in the
 * browser's localStorage (as the app keeps it) for that route's runs only. Lighthouse 12 does not
 * clear localStorage between runs (its `clearStorageTypes`), only caches and service workers.
 */
export type LighthouseRoute = string | { route: string; session: UserInfo };

const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-gpu'];

export async function runLighthouse(baseUrl: string, routes: LighthouseRoute[], runs = 3): Promise<PageFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    const results: PageFigures[] = [];
    for (const entry of routes) {
      const { route, session } = typeof entry === 'string' ? { route: entry, session: null } : entry;
      if (session) await keepSession(chrome.port, baseUrl, session);
      const samples: PageFigures[] = [];
      try {
        for (let i = 0; i < runs; i++) samples.push(await audit(`${baseUrl}${route}`, route, chrome.port));
      } finally {
        if (session) await keepSession(chrome.port, baseUrl, null);
      }
      results.push({ ...median(samples), ...(session ? { signedIn: true } : {}) });
      const m = results.at(-1)!;
      console.log(`  lighthouse ${route}${session ? ' signed in' : ''}: perf ${m.performance} LCP ${Math.round(m.lcpMs)} ms TBT ${Math.round(m.tbtMs)} ms CLS ${m.cls.toFixed(3)}`);
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

/** Keeps `session` in the site's localStorage (or forgets it, with null), from a tab of the same browser. */
export async function keepSession(port: number, baseUrl: string, session: UserInfo | null): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate((key, value) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value)), storedSessionKey, session && JSON.stringify(session));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

async function audit(url: string, route: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => lhr.categories[id]?.score ?? 0;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scored = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)));
  return {
    route,
    performance: score('performance'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    scriptTransferBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    failedAudits: Object.values(lhr.audits)
      .filter((a) => scored.has(a.id) && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

/** Each figure's median over the runs; the failed audits of the run with the median score. */
function median(samples: PageFigures[]): PageFigures {
  const mid = <K extends keyof PageFigures>(key: K) => [...samples].sort((a, b) => (a[key] as number) - (b[key] as number))[Math.floor(samples.length / 2)]!;
  const numbers = ['performance', 'lcpMs', 'tbtMs', 'cls', 'accessibility', 'bestPractices', 'seo', 'scriptTransferBytes'] as const;
  const figures = Object.fromEntries(numbers.map((key) => [key, mid(key)[key]])) as Pick<PageFigures, (typeof numbers)[number]>;
  return { ...figures, route: samples[0]!.route, failedAudits: mid('performance').failedAudits };
}
