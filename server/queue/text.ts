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
