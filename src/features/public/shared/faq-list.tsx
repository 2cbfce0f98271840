import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { memo } from 'react';
import type { Faq } from '../../../api/list-faqs';
import './faq-list.css';

/**
 * Questions that open and close (react-aria Disclosure: a button with aria-expanded controlling
 * its panel). Several can be open at once, so readers can compare answers. Memoised: the list read
 * again after hydration is the same list, and a dozen disclosures need not render again.
 */
export const FaqList = memo(function FaqList({ faqs, headingLevel = 3 }: { faqs: Faq[]; headingLevel?: 2 | 3 }) {
  return (
    <DisclosureGroup className="faq-list" allowsMultipleExpanded>
      {faqs.map((faq, index) => (
        <Disclosure key={`${index}-${faq.q}`} id={String(index)} className="faq">
          <Heading level={headingLevel} className="faq__heading">
            <Button slot="trigger" className="faq__trigger">
              <span>{faq.q}</span>
              <svg className="faq__chevron" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </Button>
          </Heading>
          <DisclosurePanel className="faq__panel">
            <p>{faq.a}</p>
          </DisclosurePanel>
        </Disclosure>
      ))}
    </DisclosureGroup>
  );
});
