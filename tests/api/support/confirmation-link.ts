/** The token of the confirmation link in a mail (…/confirm-email/TOKEN?redirect=…); throws when there is none. */
export function confirmationLink(mail: { links: string[]; to?: string } | null): URL {
  const link = mail?.links.find((candidate) => candidate.includes('/confirm-email/'));
  if (!link) throw new Error(`No confirmation link was mailed${mail?.to ? ` to ${mail.to}` : ''}`);
  return new URL(link);
}

export function confirmationToken(mail: { links: string[]; to?: string } | null): string {
  return decodeURIComponent(confirmationLink(mail).pathname.split('/confirm-email/')[1]!);
}
