import { useId } from 'react';
import './report-chart.css';

export interface ChartColumn<Row> {
  header: string;
  cell: (row: Row) => string;
}

export interface ReportChartProps<Row> {
  /** The table's caption and the drawing's name. */
  caption: string;
  rows: readonly Row[];
  /** The row's name (the table's row header and the bar's label). */
  label: (row: Row) => string;
  labelHeader: string;
  /** The bar's length (one measure per chart); its text is the first column. */
  value: (row: Row) => number;
  columns: ReadonlyArray<ChartColumn<Row>>;
}

const ROW = 28;
const LABEL = 150;
const WIDTH = 640;

/**
 * A horizontal bar chart in plain SVG (decision 049) above the same figures as a table. The drawing
 * is one image named by the caption (role="img"); the table, visible to everyone, is what assistive
 * technology and the keyboard read, with a caption and scoped headers.
 */
export function ReportChart<Row>({ caption, rows, label, labelHeader, value, columns }: ReportChartProps<Row>) {
  const id = useId();
  const max = Math.max(0, ...rows.map(value));
  const barRoom = WIDTH - LABEL - 110;
  const height = Math.max(rows.length, 1) * ROW + 8;
  return (
    <figure className="report-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="report-chart__caption">{caption}</figcaption>
      {rows.length === 0 ? (
        <p className="report-chart__empty">Nothing in this period.</p>
      ) : (
        <svg viewBox={`0 0 ${WIDTH} ${height}`} className="report-chart__svg" role="img" aria-label={`${caption}: bar chart, the same figures as the table below`}>
          {rows.map((row, index) => {
            const size = max > 0 ? (Math.max(0, value(row)) / max) * barRoom : 0;
            const y = index * ROW + 4;
            return (
              <g key={index}>
                <text x={LABEL - 8} y={y + ROW / 2 + 4} textAnchor="end" className="report-chart__label">{label(row)}</text>
                <rect x={LABEL} y={y + 4} width={size} height={ROW - 10} rx={3} className="report-chart__bar" />
                <text x={LABEL + size + 6} y={y + ROW / 2 + 4} className="report-chart__value">{columns[0]?.cell(row)}</text>
              </g>
            );
          })}
        </svg>
      )}
      <div className="report-chart__table" tabIndex={0} role="region" aria-labelledby={`${id}-table`}>
        <table>
          <caption id={`${id}-table`}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {columns.map((column) => <th key={column.header} scope="col">{column.header}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{label(row)}</th>
                {columns.map((column) => <td key={column.header}>{column.cell(row)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
