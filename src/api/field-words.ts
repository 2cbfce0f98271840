/**
 * A 400 from the contract's validator ("body/client_note must NOT have more than 2000 characters")
 * said as a sentence about the field a person filled in ("The note is too long: at most 2,000
 * characters."). The validator's text is for API clients; a person never sees it. Messages the
 * server wrote for people (no "body/…" path) are left as they are.
 */
const FIELD_NAMES: Record<string, string> = {
  client_note: 'note',
  note: 'note',
  address: 'address',
  city: 'city',
  code_postal: 'postcode',
  phone: 'phone number',
  due_date: 'date',
  due_time: 'time',
  reason: 'reason',
  name: 'name',
  email: 'email address',
  username: 'email address',
  password: 'password',
  oldPassword: 'current password',
  newPassword: 'new password',
  message: 'message',
  body: 'message',
  quantity: 'quantity',
};

const VALIDATOR = /^(?:body|querystring|params|headers)(?:\/([^ ]*))? (.+)$/;
const thousands = new Intl.NumberFormat('en-GB');

export function peopleWordsFor(message: string): string {
  const match = VALIDATOR.exec(message);
  if (!match) return message;
  const path = (match[1] ?? '').split('/').filter((part) => part !== '' && !/^\d+$/.test(part));
  const field = FIELD_NAMES[path.at(-1) ?? ''];
  const rule = match[2] ?? '';
  const subject = field ? `The ${field}` : 'Something in the form';
  const limit = /(\d+)/.exec(rule)?.[1];
  if (/^must NOT have more than \d+ characters/.test(rule)) return `${subject} is too long: at most ${thousands.format(Number(limit))} characters.`;
  if (/^must NOT have fewer than \d+ characters/.test(rule)) {
    return Number(limit) <= 1 ? `${subject} is required.` : `${subject} is too short: at least ${thousands.format(Number(limit))} characters.`;
  }
  if (/^must be (<=|>=) /.test(rule) || /^must NOT have more than \d+ items/.test(rule)) return `${subject} is out of range.`;
  if (/^must have required property/.test(rule)) return 'Something in the form is missing: please fill in every required field.';
  if (field) return `${subject} is not valid: please check it.`;
  return 'Something in the form was not accepted: please check what you entered.';
}
