import { useParams } from 'react-router-dom';
import { getServiceDetail } from '../../api/get-service-detail';
import { pageId } from '../../../domain/site/page-routes';
import { paths } from '../../shared/paths';
import { useRequest } from '../../shared/use-request';
import { LinkButton, Page } from '../../components/ui';
import NotFoundPage from './not-found-page';
import { PublicQuote } from '../../shared/quote/public-quote';
import { FaqList } from './shared/faq-list';
import { RequestState } from './shared/request-state';
import { ServicePicture } from './shared/service-picture';
import './service-detail-page.css';
import type { ServiceDetail } from '../../../openapi/schema';

/**
 * `/service/:id`: one service's activities and FAQs, with Book a service (→ /properties/{id}).
 * No such service: the not-found page (issue 11 row 19), no Retry that cannot help.
 */
export default function ServiceDetailPage() {
  const id = pageId(useParams().id) ?? 0;
  const detail = useRequest(getServiceDetail, { auto: true, params: id });
  const name = detail.data?.name;
  if (detail.succeeded && detail.data === null) return <NotFoundPage />;
  return (
    <Page title={name ?? 'Service details'} heading={name ?? 'Service details'} className="service-detail">
      <RequestState request={detail} onRetry={detail.retry} label="Loading the service" minHeight="var(--service-detail-reserved)">
        {(service) => <ServiceDetailView service={service} id={id} />}
      </RequestState>
    </Page>
  );
}

function ServiceDetailView({ service, id }: { service: ServiceDetail; id: number }) {
  return (
    <>
      <div className="service-detail__summary">
        <ServicePicture src={service.picture} name={service.name} eager />
        <div>
          <p className="service-detail__description">{service.description}</p>
          <h2 id="activities-title">What we do</h2>
          <ul className="service-detail__activities" aria-labelledby="activities-title">
            {service.activities.map((activity) => (
              <li key={activity}>{activity}</li>
            ))}
          </ul>
          <LinkButton href={paths.properties(id)} size="lg">
            Book a service
          </LinkButton>
        </div>
      </div>
      <PublicQuote serviceId={id} />
      {service.faqs.length > 0 && (
        <section className="service-detail__faqs" aria-labelledby="service-faqs-title">
          <h2 id="service-faqs-title">Questions about {service.name}</h2>
          <FaqList faqs={service.faqs} />
        </section>
      )}
    </>
  );
}
