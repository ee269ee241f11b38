import { KNOWLEDGE_MESSAGES as M, type KnowledgeEntry, plural } from "@nikki/core";
import type { ReactNode } from "react";
import DataTable from "../../ui/DataTable";
import type { AgentName } from "./KnowledgeEntryDialog";

/** An entry's name in the list and in dialogs: its question, or its section's title. */
export const entryName = (entry: KnowledgeEntry) => (entry.kind === "qa" ? entry.question : entry.title);

/** A website entry's page as the owner knows it: host and path, no scheme. */
const pageOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return url;
  }
};

function Source({ entry }: { entry: KnowledgeEntry }) {
  return (
    <span className="knowledge-source">
      <span className={`badge knowledge-source-${entry.source}`}>{M.sources[entry.source]}</span>
      {entry.source_url && (
        <a href={entry.source_url} target="_blank" rel="noopener noreferrer" className="knowledge-url">
          {pageOf(entry.source_url)}
        </a>
      )}
      {entry.edited && <span className="muted"> · edited</span>}
    </span>
  );
}

function agentsText(entry: KnowledgeEntry, agents: readonly AgentName[] | null): string {
  if (entry.agent_ids.length === 0) return "Every agent";
  const names = entry.agent_ids.map((id) => agents?.find((agent) => agent.id === id)?.name).filter(Boolean);
  return names.length === entry.agent_ids.length ? names.join(", ") : plural(entry.agent_ids.length, "agent");
}

/**
 * The entries (DataTable: a card per entry on a phone): what it says, where it came from, which agents use it and
 * whether it is on. Managers get the switch, Edit and Delete; viewers read.
 */
export default function KnowledgeList({
  entries,
  agents,
  manage,
  empty,
}: {
  entries: readonly KnowledgeEntry[];
  agents: readonly AgentName[] | null;
  /** The managers' controls; null for a viewer. */
  manage: { busy(id: string): boolean; toggle(entry: KnowledgeEntry): void; edit(entry: KnowledgeEntry): void; remove(entry: KnowledgeEntry): void } | null;
  empty: ReactNode;
}) {
  return (
    <DataTable
      caption="Knowledge entries"
      rows={entries}
      rowKey={(entry) => entry.id}
      empty={empty}
      columns={[
        {
          header: "Entry",
          className: "knowledge-entry",
          cell: (entry) => (
            <>
              <strong className={entry.enabled ? undefined : "muted"}>{entryName(entry)}</strong>
              <p className="knowledge-text">{entry.kind === "qa" ? entry.answer : entry.body}</p>
            </>
          ),
        },
        { header: "Source", cell: (entry) => <Source entry={entry} /> },
        { header: "Used by", cell: (entry) => agentsText(entry, agents) },
        {
          header: "On",
          cell: (entry) =>
            manage ? (
              <label className="knowledge-switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={entry.enabled}
                  disabled={manage.busy(entry.id)}
                  onChange={() => manage.toggle(entry)}
                  aria-label={`Use "${entryName(entry)}"`}
                />
                <span>{entry.enabled ? "On" : "Off"}</span>
              </label>
            ) : entry.enabled ? (
              "On"
            ) : (
              "Off"
            ),
        },
        ...(manage
          ? [
              {
                header: "Actions",
                hiddenHeader: true,
                className: "actions",
                cell: (entry: KnowledgeEntry) => (
                  <div className="knowledge-actions">
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => manage.edit(entry)} aria-label={`Edit "${entryName(entry)}"`}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger btn-sm"
                      onClick={() => manage.remove(entry)}
                      disabled={manage.busy(entry.id)}
                      aria-label={`Delete "${entryName(entry)}"`}
                    >
                      Delete
                    </button>
                  </div>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
