import { useEffect, useState, type FormEvent } from 'react';
import type { TextSettings } from '../../../openapi/schema';
import { getTextSettings, updateTextSettings } from '../../api/text-settings';
import { useRequest } from '../../shared/use-request';
import { useSession } from '../../shared/session';
import { Alert, Button, Checkbox, TextField } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { readableMobile } from '../../../domain/texts/uk-mobile';
import { TextSettingsUpdateRules } from '../../../openapi/rules';

const SOURCE_WORDS: Record<NonNullable<TextSettings['source']>, string> = {
  profile: 'on this page',
  'stop reply': 'you replied STOP to a text',
  'start reply': 'you replied START to a text',
};

/** What is recorded now, in words: on or off, to which number, since when and how. */
export function textStatus(settings: TextSettings): string {
  if (!settings.phone || !settings.changedAt || !settings.source) return 'Texts are off: you have not asked for them.';
  const since = `since ${formatDateTime(settings.changedAt)} (${SOURCE_WORDS[settings.source]})`;
  return settings.optedIn ? `Texts are on, to ${readableMobile(settings.phone)}, ${since}.` : `Texts are off ${since}.`;
}

/**
 * Text messages on /profile (issue 38, decision 094): the UK mobile and an explicit opt-in, never
 * ticked for the person; what is recorded is said below, including a STOP sent by text.
 */
export function TextMessagesPanel() {
  const { user } = useSession();
  const cleaner = user?.roles.includes('ROLE_CLEANER') ?? false;
  const load = useRequest(getTextSettings, { auto: true });
  const save = useRequest(updateTextSettings);
  const [phone, setPhone] = useState('');
  const [optedIn, setOptedIn] = useState(false);
  const current = save.data ?? load.data;
  useEffect(() => {
    if (!current) return;
    setPhone(current.phone ? readableMobile(current.phone) : '');
    setOptedIn(current.optedIn);
  }, [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.send({ phone, optedIn });
  };

  return (
    <section className="my-data" aria-labelledby="texts-title">
      <h2 id="texts-title">Text messages</h2>
      <p>
        {cleaner ? 'A text at 18:00 with your team’s first job of the next day.' : 'A text the day before each visit and when your team is on the way.'} UK mobile
        numbers only. Reply STOP to any text to stop them.
      </p>
      <form onSubmit={submit} noValidate aria-labelledby="texts-title" className="profile-form">
        <TextField label="Mobile number" type="tel" name="mobile" autoComplete="tel" maxLength={TextSettingsUpdateRules.properties.phone.maxLength} value={phone} onChange={setPhone} />
        <Checkbox name="textsOptIn" isSelected={optedIn} onChange={setOptedIn}>
          {cleaner ? 'Text me my first job of the next day' : 'Text me reminders and when my team is on the way'}
        </Checkbox>
        {save.failed ? <Alert variant="error">{save.error}</Alert> : null}
        {load.failed ? <Alert variant="error">{load.error}</Alert> : null}
        <div className="my-data__actions">
          <Button type="submit" variant="secondary" isPending={save.loading}>
            Save text settings
          </Button>
        </div>
      </form>
      {current ? <p role="status">{textStatus(current)}</p> : null}
    </section>
  );
}
