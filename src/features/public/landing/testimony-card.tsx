import { useId, useState } from 'react';
import { Button } from '../../../components/ui';
import { initialsOf } from './initials';
import './testimony-card.css';
import type { Testimony } from '../../../../openapi/schema';

/** One testimony; long ones start collapsed and the icon button toggles them (R-SITE-4). */
export function TestimonyCard({ testimony }: { testimony: Testimony }) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  return (
    <figure className="testimony" data-expanded={expanded || undefined}>
      <figcaption className="testimony__author">
        <span className="testimony__avatar" aria-hidden="true">
          {initialsOf(testimony.user)}
        </span>
        <span className="testimony__name">{testimony.user}</span>
        <Button
          variant="ghost"
          size="sm"
          className="testimony__toggle"
          aria-expanded={expanded}
          aria-controls={contentId}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${testimony.user}'s testimony`}
          onPress={() => setExpanded((open) => !open)}
        >
          <ChevronIcon />
        </Button>
      </figcaption>
      <blockquote id={contentId} className="testimony__content">
        <p>{testimony.content}</p>
      </blockquote>
    </figure>
  );
}

function ChevronIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
