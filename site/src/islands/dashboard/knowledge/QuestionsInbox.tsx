import { QUESTION_MESSAGES as M, canManage } from "@nikki/core";
import { api, call } from "../../../lib/client";
import { useEffect } from "react";
import { askToAddKnowledgeEntry } from "../../../lib/knowledge-add-entry";
import { onKnowledgeChanged } from "../../../lib/knowledge-changed";
import { useMe } from "../../../lib/me";
import { usePagedResource, useResource } from "../../../lib/use-resource";
import EmptyState from "../../ui/EmptyState";
import Loaded, { LoadMore } from "../../ui/Loaded";
import { openImportFromWebsite } from "./ImportFromWebsite";
import QuestionCard from "./QuestionCard";
import "./questions.css";

/**
 * "Questions to answer" (issue 39 §4): what callers asked that the knowledge did not say, the same question from several
 * calls as one, most asked first. Owners and admins answer (it becomes a knowledge entry) or dismiss; every member reads.
 */
export default function QuestionsInbox() {
  const questions = usePagedResource(
    (cursor) => call(api.knowledge.questions.$get, { query: cursor ? { cursor } : {} }),
    (page) => ({ items: page.questions, next_cursor: page.next_cursor }),
    { failure: M.loadFailed },
  );
  const canAnswer = canManage(useMe()?.role);
  // Whether the knowledge has entries yet: an empty inbox then means "all covered", not "start here".
  const usage = useResource(() => call(api.knowledge.usage.$get), { failure: M.loadFailed });
  useEffect(() => onKnowledgeChanged(() => void usage.reload()), []);
  const hasEntries = (usage.data?.usage.entries ?? 0) > 0;
  const done = (id: string) => questions.update((page) => ({ ...page, items: page.items.filter((question) => question.id !== id) }));
  return (
    <section className="card panel" aria-labelledby="questions-title">
      <div className="panel-head">
        <div>
          <h2 id="questions-title">{M.title}</h2>
          <p>{M.intro}</p>
        </div>
      </div>
      <Loaded resource={questions} loading="Loading questions…">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState message={!canAnswer ? M.emptyReader : hasEntries ? M.emptyCovered : M.empty}>
              {canAnswer && usage.data && (
                <>
                  {!hasEntries && <p className="question-next">{M.emptyNext}</p>}
                  <div className="question-next-actions">
                    {!hasEntries && (
                      <>
                        <button type="button" className="btn btn-primary btn-sm" onClick={askToAddKnowledgeEntry}>
                          Add entry
                        </button>
                        <button type="button" className="btn btn-secondary btn-sm" onClick={openImportFromWebsite}>
                          Import from website
                        </button>
                      </>
                    )}
                    <a className="btn btn-secondary btn-sm" href="/dashboard/test-calls">
                      Open Test Suite
                    </a>
                  </div>
                </>
              )}
            </EmptyState>
          ) : (
            <>
              <ul className="question-list">
                {items.map((question) => (
                  <QuestionCard key={question.id} question={question} canAnswer={canAnswer} onDone={done} />
                ))}
              </ul>
              <LoadMore list={questions} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
