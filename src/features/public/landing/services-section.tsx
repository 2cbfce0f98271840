import { listServices } from '../../../api/list-services';
import { paths } from '../../../shared/paths';
import { useRequest } from '../../../shared/use-request';
import { TextLink } from '../../../components/ui';
import { RequestState } from '../shared/request-state';
import { Section } from '../shared/section';
import { ServiceCard, ServiceGrid } from '../shared/service-card';

/** Every service the API offers (GET /home/services), each linking to its detail page. */
export function ServicesSection() {
  const services = useRequest(listServices, { auto: true });
  return (
    <Section
      id="services"
      eyebrow="Our services"
      title="High quality services"
      intro="Whatever your home needs, a team that takes pride in the details."
      tone="tinted"
    >
      <RequestState request={services} onRetry={services.retry} label="Loading services" minHeight="24rem">
        {(list) => (
          <ServiceGrid label="Services">
            {list.map((service) => (
              <li key={service.id}>
                <ServiceCard
                  service={service}
                  actions={
                    <TextLink href={paths.serviceDetail(service.id)} aria-label={`Learn more about ${service.name}`}>
                      Learn more →
                    </TextLink>
                  }
                />
              </li>
            ))}
          </ServiceGrid>
        )}
      </RequestState>
    </Section>
  );
}
