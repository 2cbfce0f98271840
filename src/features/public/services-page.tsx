import { listServices } from '../../api/list-services';
import { paths } from '../../shared/paths';
import { useRequest } from '../../shared/use-request';
import { LinkButton, Page } from '../../components/ui';
import { RequestState } from './shared/request-state';
import { ServiceCard, ServiceGrid } from './shared/service-card';
import './services-page.css';

/** `/home`: every service, each with Book now (→ /properties/{id}) and More details (→ /service/{id}). */
export default function ServicesPage() {
  const services = useRequest(listServices, { auto: true });
  return (
    <Page title="Our services" description="Book house keeping, deep cleaning, moving and handyman services online.">
      <p className="services-page__intro">
        We offer three types of services: regular house keeping, one-off deep cleans (end of tenancy, after
        builders, deep cleaning), and moving and handyman help.
      </p>
      <RequestState request={services} onRetry={services.retry} label="Loading services" minHeight="24rem">
        {(list) => (
          <ServiceGrid label="Services">
            {list.map((service, index) => (
              <li key={service.id}>
                <ServiceCard
                  service={service}
                  headingLevel={2}
                  eager={index < 2}
                  actions={
                    <>
                      <LinkButton href={paths.properties(service.id)} aria-label={`Book now: ${service.name}`}>
                        Book now
                      </LinkButton>
                      <LinkButton
                        href={paths.serviceDetail(service.id)}
                        variant="secondary"
                        aria-label={`More details: ${service.name}`}
                      >
                        More details
                      </LinkButton>
                    </>
                  }
                />
              </li>
            ))}
          </ServiceGrid>
        )}
      </RequestState>
    </Page>
  );
}
