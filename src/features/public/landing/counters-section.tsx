import { listCounters } from '../../../api/list-counters';
import { useRequest } from '../../../shared/use-request';
import { RequestState } from '../shared/request-state';
import './counters-section.css';

const numberFormat = new Intl.NumberFormat('en-GB');

/** The headline numbers (GET /home/counter) on a teal band. */
export function CountersSection() {
  const counters = useRequest(listCounters, { auto: true });
  return (
    <section className="counters" aria-label="Our numbers" data-section="counters">
      <div className="container">
        <RequestState request={counters} onRetry={counters.retry} label="Loading our numbers" minHeight="7rem">
          {(list) => (
            <dl className="counters__list">
              {list.map((counter) => (
                <div key={counter.title} className="counters__item">
                  <dt>{counter.title}</dt>
                  <dd>{numberFormat.format(counter.value)}</dd>
                </div>
              ))}
            </dl>
          )}
        </RequestState>
      </div>
    </section>
  );
}
