// The open display source of a file (re-opened when the password changes), closed when unused.
import { useEffect, useState } from 'react';
import { openSource, type DocumentSource } from './document-source.ts';

export function useDocumentSource(file: File | undefined, password: string | undefined): DocumentSource | 'loading' | undefined {
  const [source, setSource] = useState<DocumentSource | 'loading' | undefined>(undefined);
  useEffect(() => {
    if (!file) {
      setSource(undefined);
      return;
    }
    let live = true;
    let opened: DocumentSource | undefined;
    setSource('loading');
    openSource(file, password).then(
      (s) => {
        opened = s;
        if (live) setSource(s);
        else s.close();
      },
      (err: unknown) => {
        if (live) setSource({ kind: 'none', message: `The file cannot be shown: ${err instanceof Error ? err.message : String(err)}`, close() {} });
      },
    );
    return () => {
      live = false;
      opened?.close();
    };
  }, [file, password]);
  return source;
}
