import { KNOWLEDGE_MESSAGES as M, KNOWLEDGE_SOURCES, type KnowledgeEntry, type KnowledgeSource, canManage } from "@nikki/core";
import KnowledgeUsageLine from "./KnowledgeUsageLine";
import { useEffect, useRef, useState } from "react";
import { api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import { useAction } from "../../../lib/use-action";
import { usePagedResource, useResource } from "../../../lib/use-resource";
import EmptyState, { NoMatches } from "../../ui/EmptyState";
import Loaded, { LoadMore } from "../../ui/Loaded";
import ConfirmDialog from "../ConfirmDialog";
import { openImportFromWebsite } from "./ImportFromWebsite";
import KnowledgeEntryDialog from "./KnowledgeEntryDialog";
import KnowledgeList, { entryName } from "./KnowledgeList";
import "../../form.css";
import "../agents/agents.css";
import "../calls/calls.css";
import { onKnowledgeChanged } from "../../../lib/knowledge-changed";
import { onAddKnowledgeEntry } from "../../../lib/knowledge-add-entry";
import "./knowledge.css";

const SEARCH_DELAY_MS = 300;

/**
 * Knowledge (issue 39 §1): what the agents know, typed here, imported from the website or approved from callers'
 * questions. Every member reads it, searches it and filters it by source; owners and admins add, edit, switch off
 * and delete entries.
 */
export default function KnowledgePage() {
  const me = useMe();
  const manager = canManage(me?.role);
  const [q, setQ] = useState("");
  const [source, setSource] = useState<KnowledgeSource | "">("");
  const entries = usePagedResource(
    (cursor) => call(api.knowledge.$get, { query: { ...(q.trim() ? { q: q.trim() } : {}), ...(source ? { source } : {}), ...(cursor ? { cursor } : {}) } }),
    (page) => ({ items: page.entries, next_cursor: page.next_cursor }),
    { failure: M.loadFailed, deps: [q, source], delayMs: q ? SEARCH_DELAY_MS : 0 },
  );
  // The agents' names (which agents use an entry) are for managers, who may read agents.
  const agents = useResource(() => call(api.agents.$get), { failure: "Failed to load agents", deps: [manager], skip: !manager });
  const agentNames = agents.data?.agents.map(({ id, name }) => ({ id, name })) ?? null;
  const usage = useResource(() => call(api.knowledge.usage.$get), { failure: M.loadFailed });
  const [editing, setEditing] = useState<KnowledgeEntry | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<KnowledgeEntry | null>(null);
  const action = useAction();
  const filtered = Boolean(q.trim() || source);
  // An import that finished, or a question answered, in the panels beside this one.
  const reload = useRef(() => Promise.all([entries.reload(), usage.reload()]));
  reload.current = () => Promise.all([entries.reload(), usage.reload()]);
  useEffect(() => onKnowledgeChanged(() => void reload.current()), []);
  useEffect(() => onAddKnowledgeEntry(() => setEditing(null)), []);

  const replace = (entry: KnowledgeEntry) => entries.update((page) => ({ ...page, items: page.items.map((row) => (row.id === entry.id ? entry : row)) }));

  async function toggle(entry: KnowledgeEntry) {
    const done = await action.run({
      key: entry.id,
      request: () => call(api.knowledge[":id"].$patch, { param: { id: entry.id } }, { enabled: !entry.enabled }),
      failure: entry.enabled ? "Failed to switch the entry off." : "Failed to switch the entry on.",
      success: entry.enabled
        ? { title: "Entry Off", description: `Your agents no longer use "${entryName(entry)}".` }
        : { title: "Entry On", description: `Your agents use "${entryName(entry)}" again.` },
    });
    if (done) replace(done.data.entry);
  }

  async function remove(entry: KnowledgeEntry) {
    const done = await action.run({
      key: entry.id,
      request: () => call(api.knowledge[":id"].$delete, { param: { id: entry.id } }),
      failure: "Failed to delete the entry.",
      success: { title: "Entry Deleted", description: `"${entryName(entry)}" is gone from your agents' knowledge.` },
    });
    setDeleting(null);
    if (!done) return;
    entries.update((page) => ({ ...page, items: page.items.filter((row) => row.id !== entry.id) }));
    usage.update(({ usage: held }) => ({ usage: { ...held, entries: Math.max(0, held.entries - 1) } }));
  }

  const addButton = manager && (
    <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(null)}>
      Add entry
    </button>
  );
  const importButton = manager && (
    <button type="button" className="btn btn-secondary btn-sm" onClick={openImportFromWebsite}>
      Import from website
    </button>
  );

  return (
    <section className="card panel" aria-labelledby="knowledge-title">
      <div className="panel-head">
        <div>
          <h2 id="knowledge-title">What your agents know</h2>
          <p>
            Your agents answer calls, texts and the website chat from these entries.
            {me && !manager && " You can read them; an owner or admin changes them."}
          </p>
          {usage.data && <KnowledgeUsageLine usage={usage.data.usage} />}
        </div>
        {/* The website import (issue 39 §2) is its own panel below the entries; this button takes the owner there. */}
        {manager && (
          <div className="knowledge-head-actions">
            {addButton}
            {importButton}
          </div>
        )}
      </div>
      <div className="call-filters" role="search">
        <label className="leads-search">
          Search
          <input type="search" placeholder="Words in a question, answer, title or text" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
        <label>
          Source
          <select value={source} onChange={(event) => setSource(event.target.value as KnowledgeSource | "")}>
            <option value="">Any</option>
            {KNOWLEDGE_SOURCES.map((value) => (
              <option key={value} value={value}>
                {M.sources[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Loaded resource={entries} loading="Loading knowledge…">
        {({ items }) => (
          <>
            <KnowledgeList
              entries={items}
              agents={agentNames}
              manage={manager ? { busy: action.busy, toggle: (entry) => void toggle(entry), edit: setEditing, remove: setDeleting } : null}
              empty={
                filtered ? (
                  <NoMatches
                    message={M.noMatches}
                    onClear={() => {
                      setQ("");
                      setSource("");
                    }}
                  />
                ) : (
                  <EmptyState message={M.empty}>{addButton}</EmptyState>
                )
              }
            />
            <LoadMore list={entries} />
          </>
        )}
      </Loaded>
      {editing !== undefined && (
        <KnowledgeEntryDialog
          entry={editing}
          agents={agentNames}
          maxChars={usage.data?.usage.max_entry_chars ?? null}
          onClose={() => setEditing(undefined)}
          onSaved={(entry, added) => {
            setEditing(undefined);
            if (added) void reload.current();
            else replace(entry);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this entry?"
        message={deleting ? `Your agents will no longer know "${entryName(deleting)}". This cannot be undone.` : ""}
        confirmLabel="Delete entry"
        pending={deleting ? action.busy(deleting.id) : false}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
