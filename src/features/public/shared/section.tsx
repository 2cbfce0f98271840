import type { ReactNode } from 'react';
import './section.css';

interface SectionProps {
  id: string;
  title: string;
  /** A short line above the heading ("Our services"). */
  eyebrow?: string;
  intro?: ReactNode;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}

/** A full-width band of a public page with its h2; the section is named by its heading. */
export function Section({ id, title, eyebrow, intro, tone = 'plain', children }: SectionProps) {
  return (
    <section className={`public-section public-section--${tone}`} aria-labelledby={`${id}-title`} data-section={id}>
      <div className="container">
        <header className="public-section__header">
          {eyebrow && <p className="public-section__eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`}>{title}</h2>
          {intro && <p className="public-section__intro">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
