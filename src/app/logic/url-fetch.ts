// file_url: the browser fetches the document itself. A server that does not allow cross-origin reads
// (no Access-Control-Allow-Origin) makes fetch() reject with a bare TypeError; say what that means.

export class FetchDocumentError extends Error {
  override readonly name = 'FetchDocumentError';
}

export function fileNameFromUrl(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
  return last || url.hostname || 'document';
}

export async function fetchDocument(raw: string, fetchImpl: typeof fetch = fetch): Promise<File> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FetchDocumentError(`"${raw}" is not a URL; give a full address such as https://example.org/report.pdf`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FetchDocumentError(`Only http and https addresses can be fetched, not ${url.protocol}`);
  let res: Response;
  try {
    res = await fetchImpl(url.href, { mode: 'cors', credentials: 'omit' });
  } catch (err) {
    throw new FetchDocumentError(
      `${url.host} refused to let this page read the file (no cross-origin permission, CORS), or could not be reached. ` +
        `Download the file and drop it here instead. (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  if (!res.ok) throw new FetchDocumentError(`${url.host} answered ${res.status} ${res.statusText} for ${url.pathname}`);
  const blob = await res.blob();
  return new File([blob], fileNameFromUrl(url), { type: blob.type || res.headers.get('content-type') || '' });
}
