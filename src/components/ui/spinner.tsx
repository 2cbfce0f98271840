import './spinner.css';

export interface SpinnerProps {
  /** What is loading, read by screen readers ("Loading services"). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

/** A loading indicator announced politely (role=status). */
export function Spinner({ label = 'Loading', size = 'md' }: SpinnerProps) {
  return (
    <div role="status" className={`spinner spinner--${size}`}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
