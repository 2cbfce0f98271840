/** Three social accounts with labelled inline icons (no icon font, nothing fetched). */
const socials = [
  {
    label: 'Sparkle Cleaning on Facebook',
    href: 'https://www.facebook.com/',
    path: 'M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4V10.5H8v3h2.5V21z',
  },
  {
    label: 'Sparkle Cleaning on Instagram',
    href: 'https://www.instagram.com/',
    path: 'M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-8.9a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2zM12 3.8c2.7 0 3 0 4 .1 2.7.1 4 1.4 4.1 4.1.1 1 .1 1.3.1 4s0 3-.1 4c-.1 2.7-1.4 4-4.1 4.1-1 .1-1.3.1-4 .1s-3 0-4-.1C5.3 20 4 18.7 3.9 16c-.1-1-.1-1.3-.1-4s0-3 .1-4C4 5.3 5.3 4 8 3.9c1-.1 1.3-.1 4-.1z',
  },
  {
    label: 'Sparkle Cleaning on X',
    href: 'https://x.com/',
    path: 'M17.8 3.5h3l-6.6 7.6 7.8 10.4h-6.1l-4.8-6.3-5.5 6.3H2.6l7.1-8.1L2.2 3.5h6.3l4.3 5.7zm-1.1 16.2h1.7L7.4 5.2H5.6z',
  },
] as const;

export function SocialLinks() {
  return (
    <ul className="social-links">
      {socials.map((social) => (
        <li key={social.href}>
          <a className="social-links__link" href={social.href} aria-label={social.label} rel="noopener noreferrer" target="_blank">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={social.path} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
