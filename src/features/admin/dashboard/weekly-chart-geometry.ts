import type { WeeklyStat } from '../../../../openapi/schema';


export interface ChartBox {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface ChartGeometry {
  /** One revenue bar per week, oldest first. */
  bars: { x: number; y: number; width: number; height: number; week: string; revenue: number }[];
  /** The orders line, one point per week at the centre of its bar. */
  points: { x: number; y: number; orders: number }[];
  revenueTicks: { y: number; value: number }[];
  orderTicks: { y: number; value: number }[];
  baseline: number;
}

export const defaultBox: ChartBox = { width: 720, height: 260, top: 16, right: 48, bottom: 40, left: 64 };

/** The smallest 1, 2 or 5 × 10^k at or above `value` (at least 1), so axes end on round numbers. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value - 1e-9) ?? 10;
  return step * magnitude;
}

/**
 * Places the weekly revenue bars (left axis, pounds) and the orders line (right axis, count) in
 * an SVG box. Pure, so the scaling is unit-tested apart from the drawing.
 */
export function weeklyChartGeometry(weeks: readonly WeeklyStat[], box: ChartBox = defaultBox): ChartGeometry {
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const baseline = box.top + plotHeight;
  const maxRevenue = niceCeiling(Math.max(0, ...weeks.map((w) => w.revenue)));
  // Orders are counted: the axis ends on a multiple of 4 so its five ticks are whole numbers.
  const maxOrders = Math.max(4, Math.ceil(Math.max(0, ...weeks.map((w) => w.orders)) / 4) * 4);
  const slot = weeks.length ? plotWidth / weeks.length : plotWidth;
  const barWidth = slot * 0.6;

  const bars = weeks.map((w, i) => {
    const height = (w.revenue / maxRevenue) * plotHeight;
    return { x: box.left + i * slot + (slot - barWidth) / 2, y: baseline - height, width: barWidth, height, week: w.week, revenue: w.revenue };
  });
  const points = weeks.map((w, i) => ({
    x: box.left + i * slot + slot / 2,
    y: baseline - (w.orders / maxOrders) * plotHeight,
    orders: w.orders,
  }));
  const ticks = (max: number) =>
    [0, 0.25, 0.5, 0.75, 1].map((f) => ({ y: baseline - f * plotHeight, value: Math.round(max * f * 100) / 100 }));

  return { bars, points, revenueTicks: ticks(maxRevenue), orderTicks: ticks(maxOrders), baseline };
}
