import { useEffect, useState } from "react";

const clock = (seconds: number) => {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
};

/** How long a call has been going, ticking each second ("2:05"). */
export default function RunningTimer({ since }: { since: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, []);
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  return (
    <time className="live-timer" dateTime={`PT${seconds}S`} aria-label={`${clock(seconds)} so far`}>
      {clock(seconds)}
    </time>
  );
}
