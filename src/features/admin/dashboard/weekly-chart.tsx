import type { WeeklyStat } from '../../../../openapi/schema';
import { formatMoney } from '../../../../domain/money/money';
import { defaultBox, weeklyChartGeometry } from './weekly-chart-geometry';
import './weekly-chart.css';


const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekLabel = (week: string) => shortDate.format(new Date(`${week}T00:00:00Z`));
const compactMoney = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', notation: 'compact' });

/**
 * Revenue (bars, left axis) and orders (line, right axis) per week over the last 12 weeks, drawn
 * as plain SVG. The drawing is hidden from assistive technology; the table under it says the same.
 */
export function WeeklyChart({ weeks }: { weeks: readonly WeeklyStat[] }) {
  const box = defaultBox;
  const g = weeklyChartGeometry(weeks, box);
  const line = g.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

  return (
    <figure className="weekly-chart">
      <figcaption className="weekly-chart__caption">
        <span>Revenue and orders per week, last {weeks.length} weeks</span>
        <span className="weekly-chart__legend" aria-hidden="true">
          <span className="weekly-chart__key weekly-chart__key--revenue" /> Revenue
          <span className="weekly-chart__key weekly-chart__key--orders" /> Orders
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${box.width} ${box.height}`} className="weekly-chart__svg" aria-hidden="true" focusable="false">
        {g.revenueTicks.map((t) => (
          <g key={`r${t.value}`}>
            <line x1={box.left} x2={box.width - box.right} y1={t.y} y2={t.y} className="weekly-chart__grid" />
            <text x={box.left - 8} y={t.y + 4} textAnchor="end" className="weekly-chart__tick">{compactMoney.format(t.value)}</text>
          </g>
        ))}
        {g.orderTicks.map((t) => (
          <text key={`o${t.value}`} x={box.width - box.right + 8} y={t.y + 4} className="weekly-chart__tick">{t.value}</text>
        ))}
        {g.bars.map((b) => (
          <rect key={b.week} x={b.x} y={b.y} width={b.width} height={Math.max(b.height, 0)} rx={3} className="weekly-chart__bar" />
        ))}
        <polyline points={line} className="weekly-chart__line" />
        {g.points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={4} className="weekly-chart__dot" />
        ))}
        {g.bars.map((b, i) =>
          i % 2 === 0 ? (
            <text
              key={`l${b.week}`}
              x={b.x + b.width / 2}
              y={g.baseline + 22}
              textAnchor="middle"
              className={i % 4 === 0 ? 'weekly-chart__tick' : 'weekly-chart__tick weekly-chart__tick--minor'}
            >
              {weekLabel(b.week)}
            </text>
          ) : null,
        )}
      </svg>
      {/* A table ignores the 1px box of .visually-hidden, so the wrapper hides it. */}
      <div className="visually-hidden">
      <table>
        <caption>Revenue and orders per week</caption>
        <thead>
          <tr>
            <th scope="col">Week starting</th>
            <th scope="col">Revenue</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row">{w.week}</th>
              <td>{formatMoney(w.revenue)}</td>
              <td>{w.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
