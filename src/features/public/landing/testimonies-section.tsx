import { listTestimonies } from '../../../api/list-testimonies';
import { useRequest } from '../../../shared/use-request';
import { RequestState } from '../shared/request-state';
import { Section } from '../shared/section';
import { TestimonyCard } from './testimony-card';
import './testimonies-section.css';

/** What customers said (GET /home/testimonies). */
export function TestimoniesSection() {
  const testimonies = useRequest(listTestimonies, { auto: true });
  return (
    <Section id="testimonies" eyebrow="Testimonials" title="Many satisfied customers">
      <RequestState request={testimonies} onRetry={testimonies.retry} label="Loading testimonies" minHeight="14rem">
        {(list) => (
          <ul className="testimonies" aria-label="Testimonies">
            {list.map((testimony, index) => (
              <li key={`${testimony.user}-${index}`}>
                <TestimonyCard testimony={testimony} />
              </li>
            ))}
          </ul>
        )}
      </RequestState>
    </Section>
  );
}
