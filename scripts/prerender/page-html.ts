import { pageLoaderScript } from '../../server/lib/page-loader';
import { routeModules } from '../../src/shared/routes';

/**
 * Turns Vite's index.html into the pages the server answers.
 *
 * A prerendered page (composePage): the route's markup in #root (marked with its path, so the
 * browser hydrates only the page built for it), its data as JSON, its title and meta description.
 * The first paint waits for no stylesheet and no script: the app's and the route's CSS is inlined
 * (about 6 KB compressed), disabled <link>s tell Vite's loader those stylesheets are already here,
 * and nothing is requested for the app until the page has painted: the page loader (an inline
 * script allowed by its hash, server/lib/page-loader.ts) then loads the entry, the app's and the
 * route's chunks side by side.
 * (Inlining the SVG pictures as data: URLs was tried: the DOM's src then differs from the app's.)
 *
 * The shell (composeShell), answered for every page that is not prerendered: the app's stylesheets
 * and module preloads of the app's chunks, so the entry and the app load side by side.
 */

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  dynamicImports?: string[];
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageParts {
  route: string;
  html: string;
  title?: string;
  description?: string;
  data: Record<string, unknown>;
  /** The manifest key of the route's lazy screen (routeModules in src/shared/paths.ts). */
  screenModule: string;
  /**
   * A page behind sign-in: the loader sends a visitor with no kept session to /login before it
   * paints (`returning`: only one who has signed in on this browser before; decision 080).
   */
  signIn?: boolean | 'returning';
}

/** A built file's text by its URL path (`/assets/x.css`), or null when it is not in the build. */
export type ReadBuiltFile = (urlPath: string) => string | null;


const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// Inside <script>, "</script>" or "<!--" in the data would end or confuse the element.
const escapeJsonForScript = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * What the entry (src/main.tsx) always imports, as manifest keys: the app. The back office it
 * imports only for a stored administrator, so no page asks for it beforehand.
 */
export function appModules(manifest: Manifest): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry?.dynamicImports?.length) throw new Error('The build manifest has no entry importing the app');
  return entry.dynamicImports.filter((key) => key !== routeModules.admin);
}

/** The app's chunks: its modules with their static imports. */
function appChunks(manifest: Manifest): string[] {
  return [...new Set(appModules(manifest).flatMap((key) => chunksOf(manifest, key)))];
}

export function composePage(template: string, manifest: Manifest, parts: PageParts, read: ReadBuiltFile): string {
  let page = inlineStylesheets(template, manifest, parts.screenModule, read);
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page);
  if (!entry) throw new Error('index.html has no entry script');
  page = page.replace(entry[0], '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const modules = [entry[1]!, ...[...new Set([...appChunks(manifest), ...chunksOf(manifest, parts.screenModule)])].map((key) => `/${manifest[key]!.file}`)];
  const loader = `<script data-modules="${escapeHtml(modules.join(' '))}"${parts.signIn ? ` data-sign-in="${parts.signIn === 'returning' ? 'returning' : ''}"` : ''}>${pageLoaderScript}</script>`;
  if (parts.title) page = replaceOnce(page, /<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`);
  if (parts.description) {
    page = replaceOnce(page, /<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(parts.description)}" />`);
  }
  // React puts preload links of `fetchPriority="high"` images before a partial render's markup
  // (i.e. inside #root): they belong in <head>.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(parts.html)![0];
  if (hoisted) page = replaceOnce(page, '</head>', `    ${hoisted}\n  </head>`);
  const data = `<script id="preloaded-data" type="application/json">${escapeJsonForScript(JSON.stringify(parts.data))}</script>`;
  const html = parts.html.slice(hoisted.length);
  return replaceOnce(page, '<div id="root"></div>', `<div id="root" data-prerendered="${escapeHtml(parts.route)}">${html}</div>\n    ${data}\n    ${loader}`);
}

/** The shell: the app's stylesheets and module preloads added to Vite's page. */
export function composeShell(template: string, manifest: Manifest): string {
  const app = appChunks(manifest);
  const stylesheets = cssOf(manifest, app)
    .filter((file) => !template.includes(`"${file}"`))
    .map((file) => `    <link rel="stylesheet" crossorigin href="${file}">`);
  const preloads = app.map((key) => `    <link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
  return replaceOnce(template, /\s*<\/head>/, `\n${[...preloads, ...stylesheets].join('\n')}\n  </head>`);
}

/** A chunk's manifest key and those of its static imports (never the entry page), each once. */
function chunksOf(manifest: Manifest, module: string): string[] {
  if (!manifest[module]) throw new Error(`The build manifest has no chunk for ${module}`);
  const keys: string[] = [];
  const visit = (key: string) => {
    if (keys.includes(key) || !manifest[key] || key.endsWith('.html')) return;
    keys.push(key);
    manifest[key]!.imports?.forEach(visit);
  };
  visit(module);
  return keys;
}

const cssOf = (manifest: Manifest, keys: string[]) => keys.flatMap((key) => (manifest[key]!.css ?? []).map((file) => `/${file}`));

/** The entry's stylesheet links, the app's and the screen's CSS become one <style>, in that order. */
function inlineStylesheets(template: string, manifest: Manifest, screenModule: string, read: ReadBuiltFile): string {
  const linkPattern = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;
  const entryCss = [...template.matchAll(linkPattern)].map((match) => match[1]!);
  const appCss = cssOf(manifest, appChunks(manifest));
  const screenCss = cssOf(manifest, chunksOf(manifest, screenModule));
  const files = [...new Set([...entryCss, ...appCss, ...screenCss])];
  const css = files.map((file) => {
    const text = read(file);
    if (text === null) throw new Error(`The build has no ${file}`);
    return text.replace(/<\/style/gi, '<\\/style');
  });
  const placeholders = files.map((file) => `    <link rel="stylesheet" href="${file}" disabled>`).join('\n');
  const withoutLinks = template.replace(linkPattern, '');
  return replaceOnce(withoutLinks, '</head>', `    <style>${css.join('\n')}</style>\n${placeholders}\n  </head>`);
}

function replaceOnce(text: string, search: string | RegExp, replacement: string): string {
  const found = typeof search === 'string' ? text.includes(search) : search.test(text);
  if (!found) throw new Error(`index.html has no ${String(search)}`);
  return text.replace(search, () => replacement);
}
