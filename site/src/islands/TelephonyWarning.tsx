import { useEffect, useState } from "react";
import { getJson } from "../lib/api";

/** The red "Telephony Not Fully Configured" warning, shown only when /api/health/voice says so. */
export default function TelephonyWarning() {
  const [errors, setErrors] = useState<string[] | null>(null);
  useEffect(() => {
    void getJson<{ ok: boolean; errors: string[] }>("/api/health/voice").then((result) =>
      setErrors(result.ok ? (result.data.ok ? [] : result.data.errors) : ["The voice health check could not be reached."]),
    );
  }, []);
  if (!errors?.length) return null;
  return (
    <div className="telephony-warning" role="alert">
      <strong>Telephony Not Fully Configured</strong>
      <ul>
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
      <a href="/health">See the system health checks</a>
    </div>
  );
}
