/**
 * Small line icons of the "Why work with us" cards. Each is drawn on a 48×48 grid with the current
 * colour, so the card's CSS decides the colour; the card's heading names it, so they are decorative.
 */
const common = {
  width: 48,
  height: 48,
  viewBox: '0 0 48 48',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** A badge with a star: experienced, vetted providers. */
export function ProviderIcon() {
  return (
    <svg {...common}>
      <circle cx="24" cy="18" r="11" />
      <path d="M24 12l2 4.5 4.5.5-3.4 3 1 4.5-4.1-2.4-4.1 2.4 1-4.5-3.4-3 4.5-.5z" />
      <path d="M17 27l-4 15 7-3 4 5 4-5 7 3-4-15" />
    </svg>
  );
}

/** A spray bottle: deep cleaning and house keeping. */
export function SprayIcon() {
  return (
    <svg {...common}>
      <path d="M16 20h14v20a3 3 0 0 1-3 3h-8a3 3 0 0 1-3-3z" />
      <path d="M18 20v-6h10v6M20 14V8h12l4 4h-6v2" />
      <path d="M40 10h2M40 16l2 1M40 4l2-1" />
    </svg>
  );
}

/** A calendar with a tick: schedules that fit the customer. */
export function ScheduleIcon() {
  return (
    <svg {...common}>
      <rect x="6" y="10" width="36" height="32" rx="4" />
      <path d="M6 19h36M16 6v8M32 6v8" />
      <path d="M17 30l5 5 9-9" />
    </svg>
  );
}

/** A shield with a sparkle: extra care with hygiene. */
export function HygieneIcon() {
  return (
    <svg {...common}>
      <path d="M24 4l16 6v12c0 10-7 18-16 22C15 40 8 32 8 22V10z" />
      <path d="M24 14c.6 5 1.4 5.8 6 6.4-4.6.6-5.4 1.4-6 6.4-.6-5-1.4-5.8-6-6.4 4.6-.6 5.4-1.4 6-6.4z" />
    </svg>
  );
}
