import { getQuoteOptions } from '../api/get-quote-options';
import { getServiceDetail } from '../api/get-service-detail';
import { listCounters } from '../api/list-counters';
import { listFaqs } from '../api/list-faqs';
import { listServices } from '../api/list-services';
import { listTestimonies } from '../api/list-testimonies';

/**
 * Public reads started before their screen mounts, and the data a prerendered page was built with
 * (issue 6: no waterfalls, no API call for the first paint). `useRequest` takes an entry once: a
 * read already answered starts its machine in `success`; one still running hands over its promise.
 * Keys are a read's name and its params, so the build's prerender and the browser agree on them.
 */
export const publicReads = {
  services: listServices,
  serviceDetail: getServiceDetail,
  quoteOptions: getQuoteOptions,
  counters: listCounters,
  testimonies: listTestimonies,
  faqs: listFaqs,
} as const;

export type PublicReadName = keyof typeof publicReads;
/** What a prerendered page embeds: `{ "services:null": [...], "serviceDetail:3": {...} }`. */
export type PreloadedData = Record<string, unknown>;

interface Entry {
  promise: Promise<unknown> | null;
  data: unknown;
  hasData: boolean;
  /** Built into the page at build time: shown at once, then read again from the API. */
  prerendered: boolean;
}

const entries = new Map<string, Entry>();
const nameOfFetcher = new Map<unknown, string>(Object.entries(publicReads).map(([name, fetcher]) => [fetcher, name]));

export const preloadKey = (name: string, params?: unknown) => `${name}:${JSON.stringify(params ?? null)}`;

/**
 * A signed-in read (an administrator's first page) has no name in the prerender's data: it is
 * keyed by its fetcher, which the screen's `useRequest` passes again.
 */
function nameOf(fetcher: unknown): string {
  let name = nameOfFetcher.get(fetcher);
  if (!name) {
    name = `read${nameOfFetcher.size}`;
    nameOfFetcher.set(fetcher, name);
  }
  return name;
}

/** Starts a public read unless one for the same key is already here. */
export function startRead(name: PublicReadName, params?: unknown): void {
  startFetch(publicReads[name] as (params: unknown) => Promise<unknown>, params);
}

/** Starts any read a screen will ask for with the same fetcher and params (`useRequest`, `auto`). */
export function startFetch<TParams>(fetcher: (params: TParams) => Promise<unknown>, params?: TParams): void {
  const key = preloadKey(nameOf(fetcher), params);
  if (entries.has(key)) return;
  const entry: Entry = { promise: null, data: null, hasData: false, prerendered: false };
  entry.promise = fetcher(params as TParams).then((data) => {
    entry.data = data;
    entry.hasData = true;
    return data;
  });
  // A failed preload is forgotten; the screen's own request reports the error.
  entry.promise.catch(() => entries.delete(key));
  entries.set(key, entry);
}

/** Data built into a prerendered page (or given to the server renderer). */
export function seedPreloaded(data: PreloadedData): void {
  for (const [key, value] of Object.entries(data)) {
    entries.set(key, { promise: Promise.resolve(value), data: value, hasData: true, prerendered: true });
  }
}

export type TakenRead =
  | { kind: 'data'; data: unknown; revalidate: boolean }
  | { kind: 'pending'; promise: Promise<unknown> };

/**
 * For `useRequest`: the preloaded answer of this fetcher and params, left in the registry. A render
 * that suspends (a lazy part still loading during hydration) is thrown away with its state, and the
 * next attempt must find the same answer, or it renders "loading" over the prerendered HTML (React
 * error #418 on /service/1). The screen forgets the entry once it has mounted (`forgetPreloaded`).
 */
export function peekPreloaded(fetcher: unknown, params: unknown): TakenRead | null {
  const name = nameOfFetcher.get(fetcher);
  if (!name) return null;
  const entry = entries.get(preloadKey(name, params));
  if (!entry) return null;
  if (entry.hasData) return { kind: 'data', data: entry.data, revalidate: entry.prerendered };
  return entry.promise ? { kind: 'pending', promise: entry.promise } : null;
}

/** Once used by a mounted screen, an entry is gone: the next visit of the page reads afresh. */
export function forgetPreloaded(fetcher: unknown, params: unknown): void {
  const name = nameOfFetcher.get(fetcher);
  if (name) entries.delete(preloadKey(name, params));
}

/** Reads the data a prerendered page embedded (see scripts/prerender.ts). */
export function seedPreloadedFromDocument(): void {
  const script = typeof document === 'undefined' ? null : document.getElementById('preloaded-data');
  if (!script?.textContent) return;
  try {
    seedPreloaded(JSON.parse(script.textContent) as PreloadedData);
  } catch {
    // A broken embed only costs a read from the API.
  }
}
