/**
 * Lighthouse 12, mobile with simulated throttling (its default), offline against the local server:
 * each route three times, the median of each figure reported.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface PageFigures {
  route: string;
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

const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-gpu'];

export async function runLighthouse(baseUrl: string, routes: string[], runs = 3): Promise<PageFigures[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    const results: PageFigures[] = [];
    for (const route of routes) {
      const samples: PageFigures[] = [];
      for (let i = 0; i < runs; i++) samples.push(await audit(`${baseUrl}${route}`, route, chrome.port));
      results.push(median(samples));
      const m = results.at(-1)!;
      console.log(`  lighthouse ${route}: perf ${m.performance} LCP ${Math.round(m.lcpMs)} ms TBT ${Math.round(m.tbtMs)} ms CLS ${m.cls.toFixed(3)}`);
    }
    return results;
  } finally {
    await chrome.kill();
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
