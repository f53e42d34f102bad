import { useState, type FormEvent } from 'react';
import { fetchDocument } from '../logic/url-fetch.ts';
import { useQueue } from '../stores/queue-store.ts';

export const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff';

/** The file picker and the file_url field (the browser fetches the file itself). */
export function FileInput() {
  const add = useQueue((s) => s.add);
  const [url, setUrl] = useState('');
  const [fetching, setFetching] = useState(false);
  const [urlError, setUrlError] = useState<string | null>(null);

  const onUrl = async (e: FormEvent) => {
    e.preventDefault();
    if (url.trim() === '') return;
    setFetching(true);
    setUrlError(null);
    try {
      add([await fetchDocument(url)]);
      setUrl('');
    } catch (err) {
      setUrlError(err instanceof Error ? err.message : String(err));
    } finally {
      setFetching(false);
    }
  };

  return (
    <div className="file-input">
      <label className="file-picker">
        <span className="file-picker-text">
          <strong>Choose files</strong> or drop them anywhere
          <small>PDF, PNG, JPEG, TIFF · several files queue up</small>
        </span>
        <input
          type="file"
          multiple
          accept={ACCEPT}
          data-testid="file-input"
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </label>
      <form className="url-form" onSubmit={(e) => void onUrl(e)}>
        <label htmlFor="file-url">Or a file_url</label>
        <div className="row">
          <input
            id="file-url"
            type="url"
            placeholder="https://example.org/report.pdf"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={urlError !== null}
            aria-describedby="file-url-error"
          />
          <button type="submit" disabled={fetching || url.trim() === ''}>
            {fetching ? 'Fetching…' : 'Fetch'}
          </button>
        </div>
        <p id="file-url-error" className="field-error" role="alert">
          {urlError}
        </p>
      </form>
    </div>
  );
}
