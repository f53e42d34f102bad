import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueue } from '../stores/queue-store.ts';

/** Asks for the password of an encrypted PDF when the engine says it needs one, then runs it again. */
export function PasswordDialog() {
  const item = useQueue((s) => s.items.find((it) => it.locked !== undefined));
  const { submitPassword, dismissPassword } = useQueue();
  const dialog = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (item && !d.open) d.showModal();
    if (!item && d.open) d.close();
  }, [item]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!item) return;
    const p = password;
    setPassword('');
    void submitPassword(item.id, p);
  };

  return (
    <dialog ref={dialog} className="password-dialog" aria-labelledby="password-title" onCancel={() => item && dismissPassword(item.id)}>
      {item && (
        <form onSubmit={onSubmit}>
          <h2 id="password-title">Password needed</h2>
          <p>
            <strong>{item.file.name}</strong> is encrypted.{' '}
            {item.locked === 'wrong' ? <span className="field-error">That password is wrong; try again.</span> : 'Give its password to open it.'}
          </p>
          <label htmlFor="pdf-password">Password</label>
          <input id="pdf-password" type="password" autoComplete="off" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="row end">
            <button type="button" onClick={() => dismissPassword(item.id)}>
              Skip this file
            </button>
            <button type="submit" className="primary" disabled={password === ''}>
              Open
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
