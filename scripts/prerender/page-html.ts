/**
 * Turns Vite's index.html into one prerendered page: the route's markup in #root (marked with its
 * path, so the browser hydrates only the page built for it), its data as JSON, its title and meta
 * description, and module preloads of its lazy screen, so the screen's chunk loads beside the entry
 * instead of after it. The first paint waits for nothing but this HTML: the route's CSS is inlined
 * (about 6 KB compressed) and so are its small SVG pictures (data: URLs), while disabled <link>s
 * tell Vite's loader those stylesheets are already here.
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

/** Pictures up to this size are cheaper inlined than fetched on a slow network. */
const INLINE_SVG_MAX_BYTES = 4096;

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
  page = replaceOnce(page, '</head>', `${preloads.join('\n')}\n  </head>`);
  const data = `<script id="preloaded-data" type="application/json">${escapeJsonForScript(JSON.stringify(parts.data))}</script>`;
  const html = inlineSmallSvgImages(withoutHoistedPreloads(parts.html, read), read);
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

/**
 * React puts preload links for `fetchPriority="high"` images before a partial render's markup, i.e.
 * inside #root. Pictures that are inlined below need no preload; any other link is an error.
 */
function withoutHoistedPreloads(html: string, read: ReadBuiltFile): string {
  return html.replace(/^(?:<link [^>]*\/>)+/, (links) => {
    for (const [link, href] of links.matchAll(/<link [^>]*href="([^"]+)"[^>]*\/>/g)) {
      const svg = href!.endsWith('.svg') ? read(href!) : null;
      if (svg === null || Buffer.byteLength(svg) > INLINE_SVG_MAX_BYTES) throw new Error(`Unexpected ${link} before the page's markup`);
    }
    return '';
  });
}

/**
 * `<img src="/images/x.svg">` of a small SVG becomes a data: URL (the CSP allows `img-src data:`),
 * drawn with the first paint: lazy loading would only hold back a picture that is already here.
 */
function inlineSmallSvgImages(html: string, read: ReadBuiltFile): string {
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    const src = /\bsrc="(\/[^"]+\.svg)"/.exec(tag)?.[1];
    const svg = src ? read(src) : null;
    if (!src || svg === null || Buffer.byteLength(svg) > INLINE_SVG_MAX_BYTES) return tag;
    return tag.replace(`src="${src}"`, () => `src="${svgDataUrl(svg)}"`).replace(/\sloading="lazy"/, '');
  });
}

function svgDataUrl(svg: string): string {
  const compact = svg.replace(/\s+/g, ' ').replace(/"/g, "'").trim();
  return `data:image/svg+xml,${compact.replace(/[%#<>&\n]/g, (c) => encodeURIComponent(c))}`;
}

function replaceOnce(text: string, search: string | RegExp, replacement: string): string {
  const found = typeof search === 'string' ? text.includes(search) : search.test(text);
  if (!found) throw new Error(`index.html has no ${String(search)}`);
  return text.replace(search, () => replacement);
}
