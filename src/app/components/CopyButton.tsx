import { useState } from 'react';

/** Copies text to the clipboard and says so (or says why it could not). */
export function CopyButton({ text, label, className, disabled }: { text: string; label: string; className?: string; disabled?: boolean }) {
  const [said, setSaid] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied');
    } catch (err) {
      setSaid(`Copy failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    setTimeout(() => setSaid(null), 1500);
  };
  return (
    <button type="button" className={className} disabled={disabled} onClick={() => void copy()} aria-live="polite">
      {said ?? label}
    </button>
  );
}
