/**
 * Turns Vite's index.html into one prerendered page: the route's markup in #root (marked with its
 * path, so the browser hydrates only the page built for it), its data as JSON, its title and meta
 * description, and module preloads of its lazy screen, so the screen's chunk loads beside the entry
 * instead of after it. The first paint waits for no stylesheet: the route's CSS is inlined (about
 * 6 KB compressed), while disabled <link>s tell Vite's loader those stylesheets are already here.
 * (Inlining the SVG pictures as data: URLs was tried: the DOM's src then differs from the app's.)
 */

export interface ManifestChunk {
  file: string;
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
  /** The manifest key of the route's lazy screen (routeModules in src/app/paths.ts). */
  screenModule: string;
}

/** A built file's text by its URL path (`/assets/x.css`), or null when it is not in the build. */
export type ReadBuiltFile = (urlPath: string) => string | null;


const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// Inside <script>, "</script>" or "<!--" in the data would end or confuse the element.
const escapeJsonForScript = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function composePage(template: string, manifest: Manifest, parts: PageParts, read: ReadBuiltFile): string {
  let page = inlineStylesheets(template, manifest, parts.screenModule, read);
  if (parts.title) page = replaceOnce(page, /<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`);
  if (parts.description) {
    page = replaceOnce(page, /<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(parts.description)}" />`);
  }
  const preloads = screenChunks(manifest, parts.screenModule)
    .map((key) => manifest[key]!.file)
    .filter((file) => !template.includes(`/${file}`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`);
  // React puts preload links of `fetchPriority="high"` images before a partial render's markup
  // (i.e. inside #root): they belong in <head>.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(parts.html)![0];
  page = replaceOnce(page, '</head>', `${hoisted ? `    ${hoisted}\n` : ''}${preloads.join('\n')}\n  </head>`);
  const data = `<script id="preloaded-data" type="application/json">${escapeJsonForScript(JSON.stringify(parts.data))}</script>`;
  const html = parts.html.slice(hoisted.length);
  return replaceOnce(page, '<div id="root"></div>', `<div id="root" data-prerendered="${escapeHtml(parts.route)}">${html}</div>\n    ${data}`);
}

/** The screen's manifest key and those of its static imports, each once. */
function screenChunks(manifest: Manifest, screenModule: string): string[] {
  if (!manifest[screenModule]) throw new Error(`The build manifest has no chunk for ${screenModule}`);
  const keys: string[] = [];
  const visit = (key: string) => {
    if (keys.includes(key) || !manifest[key]) return;
    keys.push(key);
    manifest[key]!.imports?.forEach(visit);
  };
  visit(screenModule);
  return keys;
}

/** The entry's stylesheet links and the screen's CSS become one <style>, in the same order. */
function inlineStylesheets(template: string, manifest: Manifest, screenModule: string, read: ReadBuiltFile): string {
  const linkPattern = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;
  const entryCss = [...template.matchAll(linkPattern)].map((match) => match[1]!);
  const screenCss = screenChunks(manifest, screenModule).flatMap((key) => (manifest[key]!.css ?? []).map((file) => `/${file}`));
  const files = [...new Set([...entryCss, ...screenCss])];
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
