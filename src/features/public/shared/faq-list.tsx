import { memo } from 'react';
import './faq-list.css';
import type { Faq } from '../../../../openapi/schema';

/**
 * Questions that open and close as native disclosures (`<details>`/`<summary>`): they work in the
 * prerendered page before the app has started (decision 009), with the keyboard, and announce
 * their expanded state without any script. Several can be open at once, so readers can compare
 * answers. The question is a heading inside its summary, so heading navigation still finds it.
 * Memoised: the list read again after hydration is the same list.
 */
export const FaqList = memo(function FaqList({ faqs, headingLevel = 3 }: { faqs: Faq[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="faq-list">
      {faqs.map((faq, index) => (
        <details key={`${index}-${faq.q}`} className="faq">
          <summary className="faq__trigger">
            <Heading className="faq__heading">{faq.q}</Heading>
            <svg className="faq__chevron" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </summary>
          <div className="faq__panel">
            <p>{faq.a}</p>
          </div>
        </details>
      ))}
    </div>
  );
});
