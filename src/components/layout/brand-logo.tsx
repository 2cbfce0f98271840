/** The company mark: a sparkle in a teal drop, and the name. */
export function BrandLogo() {
  return (
    <span className="brand-logo">
      <svg className="brand-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="16" fill="var(--color-primary)" />
        <path
          d="M16 6l2.4 6.6L25 15l-6.6 2.4L16 24l-2.4-6.6L7 15l6.6-2.4z"
          fill="#fff"
        />
        <circle cx="24" cy="8" r="2" fill="#99f6e4" />
      </svg>
      <span className="brand-logo__text">
        Sparkle <span className="brand-logo__accent">Cleaning</span>
      </span>
    </span>
  );
}
