import { describe, expect, it } from 'vitest';
import { niceCeiling, weeklyChartGeometry, type ChartBox } from '../../src/features/admin/dashboard/weekly-chart-geometry';

const box: ChartBox = { width: 400, height: 200, top: 0, right: 0, bottom: 0, left: 0 };
const weeks = [
  { week: '2026-11-02', revenue: 0, orders: 0 },
  { week: '2026-11-09', revenue: 250, orders: 3 },
  { week: '2026-11-16', revenue: 410, orders: 5 },
  { week: '2026-11-23', revenue: 1000, orders: 1 },
];

describe('weekly chart scaling', () => {
  it('rounds an axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 0.4, 1, 3, 7, 11, 410, 641, 1000, 1001].map(niceCeiling)).toEqual([1, 0.5, 1, 5, 10, 20, 500, 1000, 1000, 2000]);
  });

  it('gives each week a bar as tall as its share of the revenue axis, oldest on the left', () => {
    const g = weeklyChartGeometry(weeks, box);
    expect(g.bars.map((b) => b.week)).toEqual(weeks.map((w) => w.week));
    expect(g.bars.map((b) => b.height)).toEqual([0, 50, 82, 200]);
    expect(g.bars.every((b) => b.y + b.height === g.baseline)).toBe(true);
    expect(g.bars.map((b) => b.x)).toEqual([...g.bars.map((b) => b.x)].sort((a, b) => a - b));
  });

  it('counts orders on a whole-number axis (a multiple of 4) and puts each point over its bar', () => {
    const g = weeklyChartGeometry(weeks, box);
    expect(g.orderTicks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8]);
    expect(g.points.map((p) => p.y)).toEqual([200, 125, 75, 175]);
    g.points.forEach((p, i) => expect(p.x).toBeCloseTo(g.bars[i]!.x + g.bars[i]!.width / 2));
  });

  it('draws a flat chart, not NaN, for weeks without any revenue or orders', () => {
    const g = weeklyChartGeometry([{ week: '2026-11-02', revenue: 0, orders: 0 }], box);
    expect(g.bars[0]!.height).toBe(0);
    expect(g.points[0]!.y).toBe(g.baseline);
    expect(g.revenueTicks.map((t) => t.value)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});
