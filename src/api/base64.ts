/**
 * A file's bytes as base64, without the `data:…;base64,` prefix: how the contract carries a photo
 * in JSON (decision 061). FileReader does it natively, so a 5 MB photo is not walked byte by byte.
 */
export function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}
