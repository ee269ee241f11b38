import { LATENCY_COPY, plural } from "@nikki/core";
import type { DataOf, api } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import DataTable from "../../ui/DataTable";
import EmptyState from "../../ui/EmptyState";
import StatusBadge from "../../ui/StatusBadge";
import CallerCell from "../calls/CallerCell";

type OverviewResource = DataOf<typeof api.overview.$get>["overview"];

/** A call's detail, opened over the Calls page. */
const callHref = (id: string) => `/dashboard/calls?call=${encodeURIComponent(id)}`;
const day = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString(undefined, { weekday: "short" });

/** The minutes axis: at most 4 steps of a round size (1, 2, 5, 10, 20, …) up to the week's most. */
function minutesAxis(most: number): { top: number; step: number } {
  for (let power = 1; ; power *= 10) {
    for (const step of [power, 2 * power, 5 * power]) {
      if (Math.ceil(most / step) <= 4) return { top: Math.max(step, Math.ceil(most / step) * step), step };
    }
  }
}

const CHART = { left: 36, right: 8, top: 12, bottom: 40, bar: 40, height: 150 };

/**
 * The last 7 days' minutes: a bar chart with its title, a minutes axis with round ticks and a day axis, and the same
 * numbers as a table for screen readers.
 */
function MinutesChart({ days }: { days: OverviewResource["daily_minutes"] }) {
  const { top, step } = minutesAxis(Math.max(0, ...days.map((entry) => entry.minutes)));
  const plot = CHART.height - CHART.top - CHART.bottom;
  const width = CHART.left + days.length * CHART.bar + CHART.right;
  const baseline = CHART.top + plot;
  const y = (minutes: number) => baseline - (minutes / top) * plot;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  return (
    <figure className="chart">
      <figcaption id="minutes-chart-title" className="chart-title">
        Call minutes, last 7 days
      </figcaption>
      <svg viewBox={`0 0 ${width} ${CHART.height}`} role="img" aria-labelledby="minutes-chart-title" className="chart-svg">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={CHART.left} x2={width - CHART.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? "chart-axis" : "chart-grid"} />
            <text x={CHART.left - 6} y={y(tick) + 3} textAnchor="end" className="chart-label">
              {tick}
            </text>
          </g>
        ))}
        <line x1={CHART.left} x2={CHART.left} y1={CHART.top} y2={baseline} className="chart-axis" />
        <text x={10} y={CHART.top + plot / 2} textAnchor="middle" transform={`rotate(-90 10 ${CHART.top + plot / 2})`} className="chart-label">
          Minutes
        </text>
        {days.map((entry, index) => {
          const x = CHART.left + index * CHART.bar;
          const height = baseline - y(entry.minutes);
          return (
            <g key={entry.date}>
              {entry.minutes > 0 && <rect x={x + 8} y={baseline - height} width={CHART.bar - 16} height={height} rx="3" className="chart-bar" />}
              {entry.minutes > 0 && (
                <text x={x + CHART.bar / 2} y={baseline - height - 4} textAnchor="middle" className="chart-value">
                  {entry.minutes}
                </text>
              )}
              <text x={x + CHART.bar / 2} y={baseline + 14} textAnchor="middle" className="chart-label">
                {day(entry.date)}
              </text>
            </g>
          );
        })}
        <text x={CHART.left + (days.length * CHART.bar) / 2} y={CHART.height - 6} textAnchor="middle" className="chart-label">
          Day
        </text>
      </svg>
      <table className="sr-only">
        <caption>Call minutes, last 7 days</caption>
        <tbody>
          {days.map((entry) => (
            <tr key={entry.date}>
              <th scope="row">{entry.date}</th>
              <td>{plural(entry.minutes, "minute")}</td>
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
  // A third item marks a sentence shown in place of a figure.
  const stats: [string, string, "words"?][] = [
    ["Calls live now", String(overview.live_calls)],
    ["Minutes used", overview.minutes_included === null ? `${overview.minutes_used}` : `${overview.minutes_used} of ${overview.minutes_included}`],
    ["Calls answered", String(overview.answered_calls)],
    ["Leads captured", String(overview.leads_captured)],
    ["Appointments booked", String(overview.appointments_booked)],
    ["After-hours calls", String(overview.after_hours_calls)],
    [LATENCY_COPY.averageGreeting, LATENCY_COPY.averageGreeted(overview.avg_greeting_ms)],
    overview.voice_to_voice_p50_ms === null
      ? [LATENCY_COPY.weekResponseTime, LATENCY_COPY.noWeekAnswers, "words"]
      : [LATENCY_COPY.weekResponseTime, LATENCY_COPY.response(overview.voice_to_voice_p50_ms, overview.voice_to_voice_p90_ms)],
  ];
  return (
    <>
      <section className="card panel" aria-labelledby="figures-title">
        <h2 id="figures-title" className="overview-title">
          This billing period
        </h2>
        <dl className="stats">
          {stats.map(([label, value, words]) => (
            <div key={label} className="stat">
              <dt>{label}</dt>
              <dd className={words ? "stat-words" : undefined}>{value}</dd>
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
          onRowClick={(call) => window.location.assign(callHref(call.id))}
          empty={<EmptyState message={manager ? "No calls yet. Place a test call from Numbers to hear your receptionist." : "No calls yet."} />}
          columns={[
            { header: "When", cell: (call) => <a href={callHref(call.id)}>{time.dateTime(call.created_at)}</a> },
            { header: "Caller", cell: (call) => <CallerCell call={call} /> },
            { header: "Outcome", cell: (call) => <StatusBadge kind="callOutcome" status={call.outcome} /> },
          ]}
        />
        <a href="/dashboard/calls">All calls</a>
      </section>
    </>
  );
}
