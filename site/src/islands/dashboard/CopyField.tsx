import { useState } from "react";

/** A read-only value with a Copy button (invitation links). */
export default function CopyField({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="copy-row">
      <input readOnly value={value} aria-label={label} onFocus={(event) => event.currentTarget.select()} />
      <button type="button" className="btn btn-secondary btn-sm" onClick={copy}>
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}
