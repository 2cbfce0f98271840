import { useState } from 'react';
import { joinAreaWaitlist } from '../../api/join-area-waitlist';
import { useRequest } from '../../shared/use-request';
import { Alert, Button, TextField } from '../../components/ui';

/**
 * Beside a postcode the company does not cover yet: leave an email address to be told, once, when
 * it does (decision 041). It sits inside the booking form, so it is a group with its own button
 * (forms do not nest): Enter in its field sends it, not the booking.
 */
export function AreaWaitlistForm({ district, postcode }: { district: string; postcode: string }) {
  const [email, setEmail] = useState('');
  const joining = useRequest(joinAreaWaitlist);
  const send = () => joining.send({ email: email.trim(), postcode });
  if (joining.data) return <Alert variant="success">{joining.data.message}</Alert>;
  return (
    <div role="group" aria-label={`Tell me when you cover ${district}`} className="area-waitlist"
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        send();
      }}>
      <TextField label={`Email me when you cover ${district}`} type="email" autoComplete="email" value={email} onChange={setEmail}
        errorMessage={joining.error} isDisabled={joining.loading} />
      <Button size="sm" variant="secondary" isPending={joining.loading} onPress={send}>Tell me</Button>
    </div>
  );
}
