import { type StatusKind, type StatusOf, statusLook } from "@nikki/core";

/**
 * A status as a badge: its label and colour come from core's one map (STATUS_LOOKS); `label` replaces the words
 * where the page says more (a trial's days left).
 */
export default function StatusBadge<K extends StatusKind>({ kind, status, label }: { kind: K; status: StatusOf<K> | (string & {}); label?: string }) {
  const look = statusLook(kind, status);
  return <span className={`badge badge-${look.tone}`}>{label ?? look.label}</span>;
}
