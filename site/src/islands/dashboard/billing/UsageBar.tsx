import "./usage-bar.css";

/** A labelled meter: how much of a limit is used (minutes this period, dollars today). */
export default function UsageBar({ label, used, limit, tone }: { label: string; used: number; limit: number | null; tone: "ok" | "warning" | "over" }) {
  const percent = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="usage">
      <p className="usage-label">{label}</p>
      {limit !== null && (
        <div className="usage-track" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={limit} aria-valuenow={Math.min(used, limit)}>
          <div className={`usage-fill usage-${tone}`} style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}
