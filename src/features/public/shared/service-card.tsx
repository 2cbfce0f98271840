import type { ReactNode } from 'react';
import { ServicePicture } from './service-picture';
import './service-card.css';
import type { Service } from '../../../../openapi/schema';

interface ServiceCardProps {
  service: Service;
  actions: ReactNode;
  /** h3 under a section's h2 (landing), h2 directly under the page's h1 (/home). */
  headingLevel?: 2 | 3;
  /** The page's first cards: their pictures are on the first screen, so they load at once. */
  eager?: boolean;
}

/** One service as a card: picture, name, description, then the links the page wants (`actions`). */
export function ServiceCard({ service, actions, headingLevel = 3, eager = false }: ServiceCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="service-card" aria-labelledby={`service-${service.id}-name`}>
      <ServicePicture src={service.picture} name={service.name} eager={eager} />
      <div className="service-card__body">
        <Heading id={`service-${service.id}-name`} className="service-card__name">
          {service.name}
        </Heading>
        <p className="service-card__description">{service.description}</p>
        <div className="service-card__actions">{actions}</div>
      </div>
    </article>
  );
}

/** The grid the cards sit in: one column on phones, up to three on desktops. */
export function ServiceGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul className="service-grid" aria-label={label}>
      {children}
    </ul>
  );
}
