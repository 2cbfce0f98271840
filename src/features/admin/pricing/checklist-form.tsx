import { useState } from 'react';
import { updateServiceChecklist } from '../../../api/update-pricing';
import { useToast } from '../../../shared/toasts';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, TextField } from '../../../components/ui';
import type { ServiceChecklist } from '../../../../openapi/schema';

/** The textarea's lines as the list's items: trimmed, blank lines left out. */
const itemsOf = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/**
 * One service's checklist, one item per line, and Save (decision 050). The limits (1 to 30 items,
 * 200 characters, each once) are the contract's and the server's: its 400 message is shown here.
 */
export function ChecklistForm({ checklist, onSaved }: { checklist: ServiceChecklist; onSaved: () => void }) {
  const [text, setText] = useState(checklist.items.join('\n'));
  const showToast = useToast();
  const label = `Checklist of ${checklist.name}`;
  const saving = useRequest(async (items: string[]) => {
    const saved = await updateServiceChecklist({ id: checklist.id, items });
    showToast(`${label} saved`, 'success');
    onSaved();
    return saved;
  });
  return (
    <form
      noValidate
      className="pricing__checklist"
      onSubmit={(event) => {
        event.preventDefault();
        saving.send(itemsOf(text));
      }}
    >
      <TextField
        label={label}
        description={checklist.custom ? 'One item per line. Cleaners tick these at check-out.' : 'The default list, until you save one for this service. One item per line.'}
        multiline
        rows={Math.min(10, Math.max(4, checklist.items.length + 1))}
        value={text}
        onChange={setText}
        isDisabled={saving.loading}
      />
      {saving.error ? <Alert variant="error">{saving.error}</Alert> : null}
      <Button type="submit" size="sm" isPending={saving.loading} aria-label={`Save the checklist of ${checklist.name}`}>
        Save checklist
      </Button>
    </form>
  );
}
