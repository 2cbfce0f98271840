import { settingsVatPercent } from '../../../../domain/money/pricing';
import { useCallback, type ReactNode } from 'react';
import { getPricingRules } from '../../../api/get-pricing-rules';
import { listPricingAudit } from '../../../api/list-pricing-audit';
import { listServiceDistricts } from '../../../api/update-pricing';
import {
  updateCongestionCharge, updateExtraPrice, updateFrequencyDiscount, updateItemMinutes, updateItemPrice, updateServiceMinutes, updateTravelMinutes, updateWaitlistHold,
} from '../../../api/update-pricing';
import { paths } from '../../../shared/paths';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Card, LinkButton, Page, Spinner } from '../../../components/ui';
import { formatMoney } from '../../../../domain/money/money';
import { AmountForm } from './amount-form';
import { ChecklistForm } from './checklist-form';
import { DistrictsEditor } from './districts-editor';
import { HoursForm } from './hours-form';
import { PricingAudit } from './pricing-audit';
import './pricing.css';
import type { PricingRules } from '../../../../openapi/schema';

const AUDIT_ROWS = 50;

/**
 * /settings/pricing (issue 15): the prices and opening hours that quotes and availability use,
 * each changed on its own row (audited by the server with who and when), and the audit trail.
 */
export function PricingPage() {
  const rules = useRequest(getPricingRules, { auto: true });
  const audit = useRequest(listPricingAudit, { auto: true, params: AUDIT_ROWS });
  const served = useRequest(listServiceDistricts, { auto: true });
  const { retry: reloadRules } = rules;
  const { retry: reloadAudit } = audit;
  const { retry: reloadServed } = served;
  const saved = useCallback(() => {
    reloadRules();
    reloadAudit();
    reloadServed();
  }, [reloadRules, reloadAudit, reloadServed]);
  const data = rules.data;
  return (
    <Page title="Prices and hours" width="full">
      <LinkButton href={paths.admin.settings} variant="secondary" size="sm" className="order-detail__back">
        <span aria-hidden="true">←</span> Back to settings
      </LinkButton>
      <p className="pricing__note">Prices include VAT ({settingsVatPercent(data?.vatPercent)}%). A change is used by the next quote and availability; a price already quoted holds for 30 minutes.</p>
      {rules.loading && !data ? <Spinner label="Loading prices and hours" /> : null}
      {rules.error ? (
        <Alert variant="error" className="load-error">
          {rules.error} <Button size="sm" variant="secondary" onPress={rules.retry}>Try again</Button>
        </Alert>
      ) : null}
      {data ? <Rules data={data} onSaved={saved} /> : null}
      <Card as="section" className="pricing__section" aria-labelledby="pricing-served">
        <h2 id="pricing-served">Where we work</h2>
        <p>Quotes and bookings elsewhere are refused (&ldquo;We don&rsquo;t cover M1 yet&rdquo;). Adding a district emails, once, everyone who asked to be told.</p>
        {served.error ? <Alert variant="error">{served.error}</Alert> : null}
        {served.data ? <DistrictsEditor kind="served" districts={served.data} onSaved={saved} /> : null}
      </Card>
      <Card as="section" className="pricing__section" aria-labelledby="pricing-audit">
        <h2 id="pricing-audit">Changes</h2>
        {audit.error ? <Alert variant="error">{audit.error}</Alert> : null}
        {audit.data ? <PricingAudit entries={audit.data.rows} total={audit.data.total} /> : null}
      </Card>
    </Page>
  );
}

function Rules({ data, onSaved }: { data: PricingRules; onSaved: () => void }) {
  return (
    <>
      <Card as="section" className="pricing__section" aria-labelledby="pricing-items">
        <h2 id="pricing-items">Item prices</h2>
        <RuleTable caption="Item prices" headers={['Service', 'Item', 'Price', 'New price']}>
          {data.items.map((item) => (
            <tr key={item.id}>
              <td>{item.serviceName}</td>
              <th scope="row">{item.name}</th>
              <td>{formatMoney(item.price)}</td>
              <td>
                <AmountForm key={item.price} label={`Price of ${item.name} (${item.serviceName})`} value={item.price} unit="pounds"
                  save={(price) => updateItemPrice({ id: item.id, price })} onSaved={onSaved} />
              </td>
            </tr>
          ))}
        </RuleTable>
      </Card>
      <Card as="section" className="pricing__section" aria-labelledby="pricing-lengths">
        <h2 id="pricing-lengths">Job lengths</h2>
        <p>A job takes its service's base time plus each item's minutes × its quantity. Booked jobs keep the length they were booked with.</p>
        <RuleTable caption="Service base times" headers={['Service', 'Base time', 'New base time']}>
          {data.services.map((service) => (
            <tr key={service.id}>
              <th scope="row">{service.name}</th>
              <td>{service.baseMinutes} min</td>
              <td>
                <AmountForm key={service.baseMinutes} label={`Base time of ${service.name}`} value={service.baseMinutes} unit="minutes"
                  save={(minutes) => updateServiceMinutes({ id: service.id, minutes })} onSaved={onSaved} />
              </td>
            </tr>
          ))}
        </RuleTable>
        <RuleTable caption="Item lengths" headers={['Service', 'Item', 'Length', 'New length']}>
          {data.items.map((item) => (
            <tr key={item.id}>
              <td>{item.serviceName}</td>
              <th scope="row">{item.name}</th>
              <td>{item.minutes} min</td>
              <td>
                <AmountForm key={item.minutes} label={`Length of ${item.name} (${item.serviceName})`} value={item.minutes} unit="minutes"
                  save={(minutes) => updateItemMinutes({ id: item.id, minutes })} onSaved={onSaved} />
              </td>
            </tr>
          ))}
        </RuleTable>
        <h3>Travel between jobs</h3>
        <p>A team's next job starts this long after its last one ends: within one postcode area (SW to SW), or between areas (SW to E).</p>
        <AmountForm key={`same-${data.travel.sameAreaMinutes}`} label="Travel within a postcode area" value={data.travel.sameAreaMinutes} unit="minutes"
          save={(minutes) => updateTravelMinutes({ ...data.travel, sameAreaMinutes: minutes })} onSaved={onSaved} />
        <AmountForm key={`other-${data.travel.otherAreaMinutes}`} label="Travel between postcode areas" value={data.travel.otherAreaMinutes} unit="minutes"
          save={(minutes) => updateTravelMinutes({ ...data.travel, otherAreaMinutes: minutes })} onSaved={onSaved} />
        <h3>Waiting lists</h3>
        <p>When a time frees on a full day, the first customer waiting is mailed and the time is held for them this long, then offered to the next.</p>
        <AmountForm key={`hold-${data.waitlistHoldMinutes}`} label="Offer held for" value={data.waitlistHoldMinutes} unit="minutes"
          save={(minutes) => updateWaitlistHold(minutes)} onSaved={onSaved} />
      </Card>
      <Card as="section" className="pricing__section" aria-labelledby="pricing-checklists">
        <h2 id="pricing-checklists">Checklists</h2>
        <p>What a service&rsquo;s cleaners tick when they check out of a job; a check-out already recorded keeps its ticks.</p>
        {data.checklists.map((checklist) => (
          <ChecklistForm key={`${checklist.id}-${checklist.items.join('|')}`} checklist={checklist} onSaved={onSaved} />
        ))}
      </Card>
      <Card as="section" className="pricing__section" aria-labelledby="pricing-frequencies">
        <h2 id="pricing-frequencies">Frequency discounts</h2>
        <RuleTable caption="Frequency discounts" headers={['Frequency', 'Discount', 'New discount']}>
          {data.frequencies.map((frequency) => (
            <tr key={frequency.code}>
              <th scope="row">{frequency.name}</th>
              <td>{frequency.discountPercent}%</td>
              <td>
                <AmountForm key={frequency.discountPercent} label={`Discount of ${frequency.name}`} value={frequency.discountPercent} unit="percent"
                  save={(discountPercent) => updateFrequencyDiscount({ code: frequency.code, discountPercent })} onSaved={onSaved} />
              </td>
            </tr>
          ))}
        </RuleTable>
      </Card>
      <Card as="section" className="pricing__section" aria-labelledby="pricing-extras">
        <h2 id="pricing-extras">Extras</h2>
        <RuleTable caption="Extras and bigger rooms" headers={['Extra', 'Price', 'New price']}>
          {data.extras.map((extra) => (
            <tr key={extra.id}>
              <th scope="row">{extra.name}</th>
              <td>{formatMoney(extra.price)}{extra.kind === 'option' ? ' a room' : ''}</td>
              <td>
                <AmountForm key={extra.price} label={`Price of ${extra.name}`} value={extra.price} unit="pounds"
                  save={(price) => updateExtraPrice({ id: extra.id, price })} onSaved={onSaved} />
              </td>
            </tr>
          ))}
        </RuleTable>
      </Card>
      <Card as="section" className="pricing__section" aria-labelledby="pricing-congestion">
        <h2 id="pricing-congestion">Congestion Charge</h2>
        <p>Added to a job whose postcode district is in the zone: now {formatMoney(data.congestionCharge)}.</p>
        <AmountForm key={data.congestionCharge} label="Congestion Charge" value={data.congestionCharge} unit="pounds"
          save={(price) => updateCongestionCharge({ price })} onSaved={onSaved} />
        <h3>Districts in the zone</h3>
        <DistrictsEditor districts={data.congestionDistricts} onSaved={onSaved} />
      </Card>
      <Card as="section" className="pricing__section" aria-labelledby="pricing-hours">
        <h2 id="pricing-hours">Opening hours</h2>
        <RuleTable caption="Opening hours (UK time)" headers={['Day', 'Open', 'Opens', 'Closes', '']}>
          {data.openingHours.map((hours) => (
            <HoursForm key={`${hours.weekday}-${hours.open}-${hours.opens}-${hours.closes}`} hours={hours} onSaved={onSaved} />
          ))}
        </RuleTable>
      </Card>
    </>
  );
}

function RuleTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <div className="data-table__scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="pricing__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col">{header || <span className="visually-hidden">Save</span>}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
