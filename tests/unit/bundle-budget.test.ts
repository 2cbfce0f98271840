/**
 * Issue 6, goal 1 (bytes): what a visitor downloads on `/`, from a fresh production build's
 * manifest. Deterministic: gzip level 9 of each file, no network, no clock.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatBundleReport, holdsPackage, kb, measureBundle, type BundleReport } from '../../scripts/bundle-report';

const budgetBytes = 135 * 1024;
/**
 * Packages only the back office or a later step needs: a visitor on `/` never downloads them.
 * notistack (and goober, its CSS-in-JS runtime) come with the first toast (src/shared/toasts.tsx).
 */
const lazyOnlyPackages = ['@tanstack/react-table', '@tanstack/table-core', '@statelyai/inspect', 'notistack', 'goober'];
/** CSS-in-JS runtimes: styles come from plain CSS files instead. */
const cssInJsPackages = ['styled-components', '@emotion/react', '@emotion/styled', '@stitches/react', 'jss', 'styled-jsx', '@linaria/react'];

let bundle: BundleReport;

beforeAll(async () => {
  bundle = await measureBundle();
  console.log(formatBundleReport(bundle));
}, 180_000);

describe('JS loaded on /', () => {
  it(`is at most ${kb(budgetBytes)} gzip, entry and landing route included`, () => {
    expect(bundle.landingChunks.length).toBeGreaterThan(0);
    expect(bundle.landingJsGzipBytes).toBeLessThanOrEqual(budgetBytes);
  });

  it('never includes the back office chunk', () => {
    expect(bundle.adminChunkFiles.length, 'the back office is its own lazy chunk').toBeGreaterThan(0);
    const onLanding = bundle.landingChunks.map((c) => c.file);
    for (const file of bundle.adminChunkFiles) expect(onLanding).not.toContain(file);
  });

  it.each(lazyOnlyPackages)('never includes %s', (pkg) => {
    const offenders = bundle.landingChunks.filter((c) => holdsPackage(c, pkg)).map((c) => c.file);
    expect(offenders).toEqual([]);
  });
});

describe('CSS', () => {
  it('has no CSS-in-JS runtime in the app (plain CSS files)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies).filter((name) => cssInJsPackages.includes(name))).toEqual([]);
    const inChunks = bundle.allChunks.filter((c) => cssInJsPackages.some((p) => holdsPackage(c, p))).map((c) => c.file);
    expect(inChunks).toEqual([]);
    expect(bundle.landingCssGzipBytes, 'the landing page is styled by CSS files').toBeGreaterThan(0);
  });
});

describe('images', () => {
  const rasterCapBytes = 150 * 1024;
  const files = listFiles('public').filter((file) => /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(file));

  it('in public/ are SVG or compressed rasters of a known size', () => {
    for (const file of files.filter((f) => !f.endsWith('.svg'))) {
      expect(statSync(file).size, `${file} is compressed`).toBeLessThanOrEqual(rasterCapBytes);
      const size = rasterSize(readFileSync(file));
      expect(size, `${file} has readable dimensions`).not.toBeNull();
      expect(Math.max(size!.width, size!.height), `${file} is sized for the web`).toBeLessThanOrEqual(2000);
    }
    for (const file of files.filter((f) => f.endsWith('.svg'))) {
      expect(readFileSync(file, 'utf8'), `${file} declares its viewBox`).toMatch(/viewBox=/);
    }
  });

  it('are drawn with a width and a height (no layout shift)', () => {
    const sources = listFiles('src').filter((file) => file.endsWith('.tsx'));
    const unsized = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/<img\b[\s\S]*?\/>/g)]
        .filter(([tag]) => !/\bwidth=/.test(tag) || !/\bheight=/.test(tag))
        .map(([tag]) => `${file}: ${tag.replace(/\s+/g, ' ').slice(0, 80)}`),
    );
    expect(unsized).toEqual([]);
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/** Width and height from a PNG, GIF, JPEG or WebP header; null when unreadable. */
function rasterSize(data: Buffer): { width: number; height: number } | null {
  if (data.subarray(1, 4).toString('latin1') === 'PNG') return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.subarray(0, 3).toString('latin1') === 'GIF') return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (data.subarray(8, 12).toString('latin1') === 'WEBP') {
    const kind = data.subarray(12, 16).toString('latin1');
    if (kind === 'VP8X') return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
    if (kind === 'VP8 ') return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
    if (kind === 'VP8L') {
      const bits = data.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
  }
  if (data[0] === 0xff && data[1] === 0xd8) {
    for (let i = 2; i + 9 < data.length; ) {
      const marker = data[i + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
      }
      i += 2 + data.readUInt16BE(i + 2);
    }
  }
  return null;
}
