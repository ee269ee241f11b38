import type { DataOf, api } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import DataTable from "../../ui/DataTable";
import EmptyState from "../../ui/EmptyState";

type OverviewResource = DataOf<typeof api.overview.$get>["overview"];

const ms = (value: number | null) => (value === null ? "—" : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value} ms`);
const day = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString(undefined, { weekday: "short" });

/** The last 7 days' minutes: a labelled SVG bar chart, with the same numbers as a table for screen readers. */
function MinutesChart({ days }: { days: OverviewResource["daily_minutes"] }) {
  const top = Math.max(1, ...days.map((entry) => entry.minutes));
  const width = 40;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${days.length * width} 130`} role="img" aria-labelledby="minutes-chart-title" className="chart-svg">
        <title id="minutes-chart-title">Call minutes, last 7 days</title>
        {days.map((entry, index) => {
          const height = Math.round((entry.minutes / top) * 80);
          return (
            <g key={entry.date}>
              <rect x={index * width + 8} y={100 - height} width={width - 16} height={Math.max(height, 1)} rx="4" className="chart-bar" />
              <text x={index * width + width / 2} y={96 - height} textAnchor="middle" className="chart-value">
                {entry.minutes}
              </text>
              <text x={index * width + width / 2} y={120} textAnchor="middle" className="chart-label">
                {day(entry.date)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Call minutes, last 7 days</caption>
        <tbody>
          {days.map((entry) => (
            <tr key={entry.date}>
              <th scope="row">{entry.date}</th>
              <td>{entry.minutes} minutes</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Overview's figures for the billing period (Test Suite calls left out), the week's minutes and the newest calls. */
/** `manager`: an owner or admin, who can place a test call (a viewer is told only that there are none). */
export default function OverviewFigures({ overview, manager }: { overview: OverviewResource; manager: boolean }) {
  const time = useBusinessTime();
  const stats: [string, string][] = [
    ["Minutes used", overview.minutes_included === null ? `${overview.minutes_used}` : `${overview.minutes_used} of ${overview.minutes_included}`],
    ["Calls answered", String(overview.answered_calls)],
    ["Leads captured", String(overview.leads_captured)],
    ["Appointments booked", String(overview.appointments_booked)],
    ["After-hours calls", String(overview.after_hours_calls)],
    ["Greeting (average)", ms(overview.avg_greeting_ms)],
    ["Turn gap p50 / p95", `${ms(overview.turn_gap_p50_ms)} / ${ms(overview.turn_gap_p95_ms)}`],
  ];
  return (
    <>
      <section className="card panel" aria-labelledby="figures-title">
        <h2 id="figures-title" className="overview-title">
          This billing period
        </h2>
        <dl className="stats">
          {stats.map(([label, value]) => (
            <div key={label} className="stat">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <MinutesChart days={overview.daily_minutes} />
      </section>
      <section className="card panel" aria-labelledby="recent-title">
        <h2 id="recent-title" className="overview-title">
          Recent calls
        </h2>
        <DataTable
          caption="Recent calls"
          rows={overview.recent_calls}
          rowKey={(call) => call.id}
          empty={<EmptyState message={manager ? "No calls yet. Place a test call from Numbers to hear your receptionist." : "No calls yet."} />}
          columns={[
            { header: "When", cell: (call) => <a href={`/dashboard/calls?call=${call.id}`}>{time.dateTime(call.created_at)}</a> },
            { header: "Caller", cell: (call) => call.from_number },
            { header: "Outcome", className: "capitalize", cell: (call) => call.outcome },
          ]}
        />
        <a href="/dashboard/calls">All calls</a>
      </section>
    </>
  );
}
