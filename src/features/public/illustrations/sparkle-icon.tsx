/** The house sparkle, used as a decoration next to headings (hidden from assistive tech). */
export function SparkleIcon({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="-10 -10 20 20" aria-hidden="true" focusable="false">
      <path d="M0-10C1-2 2-1 10 0 2 1 1 2 0 10-1 2-2 1-10 0-2-1-1-2 0-10Z" fill="currentColor" />
    </svg>
  );
}
