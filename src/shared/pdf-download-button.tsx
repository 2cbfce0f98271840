import { useState } from 'react';
import type { PdfFile } from '../api/document-pdfs';
import { Button } from '../components/ui';
import { downloadBlob } from '../lib/download';
import { useToast } from './toasts';

/**
 * Downloads a VAT invoice or credit note as PDF (decision 042). The API needs the bearer token, so
 * the file is fetched and handed to the browser under the server's file name; the server's reason
 * (not paid yet, no credit note) is shown when it has none.
 */
export function PdfDownloadButton({ load, children, label }: { load: () => Promise<PdfFile>; children: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const showToast = useToast();
  const download = async () => {
    setBusy(true);
    try {
      const file = await load();
      downloadBlob(file.fileName, file.blob);
    } catch (error) {
      showToast(error instanceof Error ? error.message : 'Network Error', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" isDisabled={busy} onPress={download} aria-label={label}>
      {children}
    </Button>
  );
}
