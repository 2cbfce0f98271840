import { statusLabel, type StatusTone } from '../../../../domain/orders/status-labels';
import './admin-shared.css';

/** A status in words with a coloured pill; the words carry the meaning, the colour only helps. */
export function StatusBadge({ status, tone }: { status: string; tone: StatusTone }) {
  return <span className={`status-badge status-badge--${tone}`}>{statusLabel(status)}</span>;
}
