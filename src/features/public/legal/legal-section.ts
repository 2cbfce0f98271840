/** One section of a legal page: a heading with an anchor id, paragraphs and an optional list. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  list?: string[];
}
