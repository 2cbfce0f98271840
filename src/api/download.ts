import { ApiError, messageFromBody, normaliseError } from './errors';

/** A file the API answered: its bytes and the answer's headers (the file name is in Content-Disposition). */
export interface Download {
  blob: Blob;
  headers: Headers;
}

type BlobCall = () => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** Runs an openapi-fetch call made with `parseAs: 'blob'`; a network failure or a refusal becomes an ApiError with the server's message. */
export async function downloadOf(call: BlobCall): Promise<Download> {
  let result: Awaited<ReturnType<BlobCall>>;
  try {
    result = await call();
  } catch (error) {
    throw normaliseError(error);
  }
  if (!result.response.ok) throw new ApiError(messageFromBody(result.error, result.response.status), result.response.status);
  return { blob: result.data as Blob, headers: result.response.headers };
}

/** The file name a Content-Disposition header gives (`attachment; filename="x.pdf"`), or the fallback. */
export const fileNameOf = (headers: Headers, fallback: string): string =>
  /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? fallback;
