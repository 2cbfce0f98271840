/**
 * What a visitor's browser downloads on `/`, read from a fresh client build: the entry chunk, the
 * app it always imports (its dynamic imports) and their static imports, plus the landing route's
 * lazy chunk and its static imports (the route the router loads first). Sizes are gzip level 9 of each file, so the figures are deterministic.
 * Used by the bundle-budget test (tests/unit) and printed by `npm run bench`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { routeModules } from '../src/shared/routes';
import { appModules } from './prerender/page-html';

/** One chunk of the build: its file, its gzip size and the source modules inside it. */
export interface ChunkFigure {
  file: string;
  gzipBytes: number;
  modules: string[];
}

export interface BundleReport {
  /** JS chunks `/` loads, in load order. */
  landingChunks: ChunkFigure[];
  landingJsGzipBytes: number;
  /** CSS files `/` loads. */
  landingCssGzipBytes: number;
  /** Every JS chunk of the build, for "never on `/`" checks. */
  allChunks: ChunkFigure[];
  /** The chunk files of the back office (its lazy entry and what only it imports). */
  adminChunkFiles: string[];
}

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestEntry>;

/** Builds the client into a temporary folder (never a stale dist/) and measures it. */
export async function measureBundle(root = process.cwd()): Promise<BundleReport> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bundle-report-'));
  // Vitest sets NODE_ENV=test, which would make Vite build React's development files.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = await build({
      root,
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true, ssrManifest: false },
    });
    const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
    const chunks = outputs.flatMap((o) => o.output).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    return report(outDir, manifest, chunks, root);
  } finally {
    process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}

function report(outDir: string, manifest: Manifest, chunks: Rolldown.OutputChunk[], root: string): BundleReport {
  const gzipOf = (file: string) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
  const modulesOf = new Map(chunks.map((c) => [c.fileName, c.moduleIds.map((id) => path.relative(root, id.replace(/^\0/, '')))]));
  const figure = (file: string): ChunkFigure => ({ file, gzipBytes: gzipOf(file), modules: modulesOf.get(file) ?? [] });

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry');
  const landingKey = routeModules.landing;
  if (!manifest[landingKey]) throw new Error(`The build has no chunk for the landing route (${landingKey})`);
  const adminKey = routeModules.admin;
  // The entry (src/main.tsx) imports the app dynamically, always and at once: those chunks count.
  const landingKeys = staticClosure(manifest, [entryKey, ...appModules(manifest), landingKey]);
  const landingFiles = landingKeys.map((key) => manifest[key]!.file);
  const cssFiles = [...new Set(landingKeys.flatMap((key) => manifest[key]!.css ?? []))];

  const reachableWithoutAdmin = new Set(staticClosure(manifest, Object.keys(manifest).filter((k) => k !== adminKey && (manifest[k]!.isEntry || isDynamicTarget(manifest, k)))));
  const adminChunkFiles = manifest[adminKey]
    ? staticClosure(manifest, [adminKey]).filter((key) => key === adminKey || !reachableWithoutAdmin.has(key)).map((key) => manifest[key]!.file)
    : [];

  const landingChunks = landingFiles.map(figure);
  return {
    landingChunks,
    landingJsGzipBytes: landingChunks.reduce((sum, c) => sum + c.gzipBytes, 0),
    landingCssGzipBytes: cssFiles.reduce((sum, file) => sum + gzipOf(file), 0),
    allChunks: chunks.map((c) => figure(c.fileName)),
    adminChunkFiles,
  };
}

/** The given manifest keys and everything they import statically, depth first, each once. */
function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen: string[] = [];
  const visit = (key: string) => {
    if (seen.includes(key) || !manifest[key]) return;
    seen.push(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

function isDynamicTarget(manifest: Manifest, key: string): boolean {
  return Object.values(manifest).some((entry) => entry.dynamicImports?.includes(key));
}

/** Whether a chunk holds code of an npm package (by its folder under node_modules). */
export function holdsPackage(chunk: ChunkFigure, pkg: string): boolean {
  return chunk.modules.some((id) => id.includes(`node_modules/${pkg}/`));
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A readable table of what `/` loads. */
export function formatBundleReport(r: BundleReport): string {
  const rows = r.landingChunks.map((c) => `  ${c.file.padEnd(48)} ${kb(c.gzipBytes).padStart(10)}`);
  return [
    'JS loaded on / (gzip -9):',
    ...rows,
    `  ${'total JS'.padEnd(48)} ${kb(r.landingJsGzipBytes).padStart(10)}`,
    `  ${'CSS'.padEnd(48)} ${kb(r.landingCssGzipBytes).padStart(10)}`,
    `  back-office chunks (never on /): ${r.adminChunkFiles.join(', ') || 'none yet'}`,
  ].join('\n');
}
