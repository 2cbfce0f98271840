import './admin-shared.css';

export interface StatTile {
  label: string;
  value: string;
  icon: string;
  tone?: 'primary' | 'accent' | 'success' | 'waiting' | 'danger';
}

/** A row of headline numbers; `busy` while they load (the values then read 0, as R-ADMIN-2 asks for missing ones). */
export function StatTiles({ label, tiles, busy }: { label: string; tiles: StatTile[]; busy?: boolean }) {
  return (
    <dl className="stat-tiles" aria-label={label} aria-busy={busy || undefined}>
      {tiles.map((tile) => (
        <div key={tile.label} className={`stat-tile stat-tile--${tile.tone ?? 'primary'}`}>
          <span className="stat-tile__icon" aria-hidden="true">{tile.icon}</span>
          <dt className="stat-tile__label">{tile.label}</dt>
          <dd className="stat-tile__value">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
