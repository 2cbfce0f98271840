/**
 * What a text message is and what sends one (decision 094): the seam for outgoing texts, beside
 * mail.ts. The senders (Twilio, the outbox folder) live in services/text-sender.ts.
 */
export interface Text {
  /** A UK mobile in E.164 (domain/texts/uk-mobile.ts). */
  to: string;
  body: string;
  /** The order the text is about, and which of its texts (order_texts' key): sent once, in its history. */
  orderId: number;
  kind: 'reminder' | 'on_my_way' | 'first_job';
  /** Who it goes to: the order's customer, or (first_job) a cleaner of its team. */
  userId: number;
  /** The job's time the text was claimed for (ISO). */
  dueAt: string;
}

export interface TextSender {
  /** Hands the text to the provider (or writes it); answers the provider's id of it. */
  send(text: Text): Promise<string>;
}

/**
 * The provider refused the text because the person opted out on its side: they replied STOP to its
 * number (Twilio error 21610), maybe while the shop's inbound webhook was down. Not worth a retry:
 * nothing reaches them until they reply START. The delivery records it as their opt-out.
 */
export class TextRecipientOptedOut extends Error {
  constructor(readonly to: string) {
    super(`The provider refuses texts to ${to}: the number opted out (replied STOP)`);
    this.name = 'TextRecipientOptedOut';
  }
}
