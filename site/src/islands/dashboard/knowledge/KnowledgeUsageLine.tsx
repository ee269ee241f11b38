import { KNOWLEDGE_FULL_HINT, type KnowledgeUsage, knowledgeCount, knowledgeEntryChars } from "@nikki/core";

/** How much of the plan's knowledge is used ("12 of 200 entries"), and, once it is all used, what to do. */
export default function KnowledgeUsageLine({ usage }: { usage: KnowledgeUsage }) {
  const full = usage.entries >= usage.max_entries;
  return (
    <div className="knowledge-usage">
      <p>
        <strong className={full ? "knowledge-usage-full" : undefined}>{knowledgeCount(usage)}</strong>, {knowledgeEntryChars(usage)}
      </p>
      {full && (
        <p className="knowledge-usage-hint" role="status">
          {KNOWLEDGE_FULL_HINT} <a href="/dashboard/billing">See plans</a>
        </p>
      )}
    </div>
  );
}
