import type { ReactNode } from 'react';
import type { Service } from '../../../api/list-services';
import { ServicePicture } from './service-picture';
import './service-card.css';

/** One service as a card: picture, name, description, then the links the page wants (`actions`). */
export function ServiceCard({ service, actions }: { service: Service; actions: ReactNode }) {
  return (
    <article className="service-card" aria-labelledby={`service-${service.id}-name`}>
      <ServicePicture src={service.picture} name={service.name} />
      <div className="service-card__body">
        <h3 id={`service-${service.id}-name`} className="service-card__name">
          {service.name}
        </h3>
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
