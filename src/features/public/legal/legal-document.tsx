import type { LegalSection } from './legal-section';
import './legal-document.css';

/** A legal text: a table of contents with anchor links, then one titled section per entry. */
export function LegalDocument({ sections, updated }: { sections: LegalSection[]; updated: string }) {
  return (
    <div className="legal">
      <nav className="legal__toc" aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title" className="legal__toc-title">
          Contents
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="legal__body">
        <p className="legal__updated">Last updated: {updated}</p>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.list && (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
