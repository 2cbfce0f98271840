import { createContext, useContext, useEffect } from 'react';

/**
 * The document's title and meta description. In the browser, effects set them on navigation; the
 * build's server renderer (src/entry-server.tsx) has no effects, so it passes a collector that
 * records them during render and scripts/prerender.ts writes them into each page's <head>.
 */
export interface DocumentHead {
  title?: string;
  description?: string;
}

export const DocumentHeadContext = createContext<DocumentHead | null>(null);

export function useDocumentHead(title: string, description?: string): void {
  const collector = useContext(DocumentHeadContext);
  if (collector) {
    collector.title = title;
    if (description) collector.description = description;
  }

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (description) setMetaDescription(description);
  }, [description]);
}

function setMetaDescription(content: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = content;
}
