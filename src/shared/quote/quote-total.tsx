import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { isPostcode, type quoteMachine } from '../../../machines/quote.machine';
import { Alert, Button } from '../../components/ui';
import { formatMoney } from '../../../domain/money/money';
import { notCoveredDistrict } from '../../../domain/site/service-area-text';

type QuoteRef = ActorRefFrom<typeof quoteMachine>;

/** `Total £X (includes VAT £Y)`, the lines it is made of, and Continue. */
export function QuoteTotal({ actorRef, withContinue }: { actorRef: QuoteRef; withContinue: boolean }) {
  const empty = useSelector(actorRef, (s) => s.matches({ choosing: 'empty' }));
  const quoting = useSelector(actorRef, (s) => s.matches({ choosing: 'quoting' }));
  const failed = useSelector(actorRef, (s) => (s.matches({ choosing: 'failed' }) ? s.context.error : null));
  // A district not served is said by the postcode field (quote-panel.tsx): asking again cannot help.
  const refused = notCoveredDistrict(failed) !== null;
  const quote = useSelector(actorRef, (s) => s.context.quote);
  const canContinue = useSelector(actorRef, (s) => s.can({ type: 'quote.continue' }));
  const postcodeGiven = useSelector(actorRef, (s) => isPostcode(s.context.choices.postcode));

  return (
    <div className="quote-total">
      {empty ? <p className="quote-total__hint">Tick an item to see your price.</p> : null}
      {!empty && quote && !refused ? (
        <ul className="quote-total__lines" aria-label="Price lines">
          {quote.lines.map((line, index) => (
            <li key={`${line.kind}-${index}`}>
              <span>{line.name}{line.quantity && line.quantity > 1 ? ` × ${line.quantity}` : ''}</span>
              <span>{line.amount < 0 ? `−${formatMoney(-line.amount)}` : formatMoney(line.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="quote-total__total" aria-live="polite" aria-busy={quoting}>
        {!empty && quote && !refused ? (
          <strong data-testid="quote-total">Total {formatMoney(quote.total)} (includes VAT {formatMoney(quote.vat)})</strong>
        ) : null}
        {quoting ? <span className="quote-total__updating"> Updating the price…</span> : null}
      </p>
      {failed && !refused ? (
        <Alert variant="error">
          {failed}{' '}
          <Button size="sm" variant="secondary" onPress={() => actorRef.send({ type: 'retry' })}>Try again</Button>
        </Alert>
      ) : null}
      {withContinue ? (
        <>
          {!empty && !postcodeGiven ? <p className="quote-total__hint">Enter the postcode of the property to continue.</p> : null}
          <Button size="lg" isDisabled={!canContinue} onPress={() => actorRef.send({ type: 'quote.continue' })}>Continue</Button>
        </>
      ) : null}
    </div>
  );
}
