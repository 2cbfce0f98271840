/**
 * Second half of `npm run build` (after `vite build`): prerenders the public routes to HTML with
 * React's server renderer over the same App and routes (src/entry-server.tsx), so a visitor's
 * first paint needs no script and no API call (issue 6, goal 2). Writes dist/index.html (`/`) and
 * dist/<route>/index.html, and dist/spa.html (the shell: Vite's page with the app's stylesheets and
 * preloads), which the server answers for every other path (history fallback). Then writes .br/.gz
 * copies of the text files.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { perServiceRoutes, prerenderedRoutes, routeModules, type PublicRoute } from '../src/shared/routes';
import { compressBuild } from './prerender/compress';
import { inlinePictures } from './prerender/inline-pictures';
import { composePage, composeShell, type Manifest } from './prerender/page-html';
import { openPublicContent } from './prerender/public-data';

// `--out-dir DIR` when `vite build` wrote somewhere else (default dist, like vite.config.ts).
const outDirFlag = process.argv.indexOf('--out-dir');
// React's server renderer (loaded from node_modules) in its production build.
process.env.NODE_ENV ??= 'production';

const distDir = path.resolve(outDirFlag > 0 ? process.argv[outDirFlag + 1]! : 'dist');

/**
 * The route table's prerendered routes and the lazy screen each one shows; the pages of one service
 * (/service/:id, /properties/:id) are added per seeded service.
 * The pages with a form are prerendered too: their fields stay disabled until the app has hydrated
 * them (src/components/ui/form.tsx), so nothing can be submitted natively before that.
 */
const staticRoutes: [string, string, PublicRoute['signIn']][] = prerenderedRoutes.map((route) => [route.path, route.module, route.signIn]);

/** A path no route matches, rendered as the not-found page. */
const notFoundProbe = '/__not-found__';

type EntryServer = typeof import('../src/entry-server');

function readBuilt(urlPath: string): string | null {
  const file = path.join(distDir, urlPath);
  return file.startsWith(distDir) && existsSync(file) ? readFileSync(file, 'utf8') : null;
}

async function buildEntryServer(outDir: string): Promise<EntryServer> {
  await build({ mode: 'production', logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir, emptyOutDir: true, manifest: false } });
  return (await import(pathToFileURL(path.join(outDir, 'entry-server.js')).href)) as EntryServer;
}

async function main(): Promise<void> {
  // Vite's own page is kept beside its manifest, so the build can be prerendered again.
  const viteFile = path.join(distDir, '.vite/index.html');
  if (!existsSync(viteFile)) copyFileSync(path.join(distDir, 'index.html'), viteFile);
  const template = readFileSync(viteFile, 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  writeFileSync(path.join(distDir, 'spa.html'), composeShell(template, manifest));

  // Inside the project, so the server bundle finds react & co. in node_modules.
  const ssrDir = path.resolve('node_modules/.cache/prerender-ssr');
  const content = await openPublicContent();
  try {
    const server = await buildEntryServer(ssrDir);
    const services = (await content.read('services')) as { id: number }[];
    const routes = [
      ...staticRoutes,
      ...perServiceRoutes.flatMap((route) => services.map(({ id }): [string, string, PublicRoute['signIn']] => [route.path.replace(':id', String(id)), route.module, route.signIn])),
    ];
    for (const [route, screenModule, signIn] of routes) {
      const data: Record<string, unknown> = {};
      // The pictures come inside the page, so the first screen's largest paint needs no request (decision 068).
      for (const [name, params] of server.readsForPath(route)) data[server.preloadKey(name, params)] = inlinePictures(await content.read(name, params), readBuilt);
      const { html, head } = await server.renderPage(route, data);
      // The Content-Security-Policy (script-src 'self') would block any inline script React left.
      if (/<script(?![^>]*\bsrc=)/.test(html)) throw new Error(`${route} was prerendered with an inline script`);
      const page = composePage(template, manifest, { route, html, title: head.title, description: head.description, data, screenModule, signIn }, readBuilt);
      const file = route === '/' ? path.join(distDir, 'index.html') : path.join(distDir, route.slice(1), 'index.html');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, page);
      console.log(`prerendered ${route.padEnd(18)} ${(Buffer.byteLength(page) / 1024).toFixed(1)} KB  "${head.title ?? ''}"`);
    }
    // The not-found page, answered with HTTP 404 for any path the route table does not know
    // (server/plugins/not-found.ts); marked "*" so the browser hydrates it on any such path.
    const missing = await server.renderPage(notFoundProbe, {});
    const notFoundHtml = composePage(template, manifest, { route: '*', html: missing.html, title: missing.head.title, description: missing.head.description, data: {}, screenModule: routeModules.notFound }, readBuilt);
    writeFileSync(path.join(distDir, '404.html'), notFoundHtml);
    console.log(`prerendered ${'(not found)'.padEnd(18)} ${(Buffer.byteLength(notFoundHtml) / 1024).toFixed(1)} KB  "${missing.head.title ?? ''}"`);
    const compressed = compressBuild(distDir);
    console.log(`compressed ${compressed.files} files: ${(compressed.bytes / 1024).toFixed(0)} KB → ${(compressed.brotliBytes / 1024).toFixed(0)} KB brotli`);
  } finally {
    await content.close();
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

main().then(
  // PGlite and React's renderer may keep handles open; the work is done.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
